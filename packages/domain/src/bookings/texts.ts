/**
 * Texts and references of a booking, within the limits of the ERP import (DATEV EXTF,
 * see docs/bookings.md): Buchungstext ≤ 60 characters, Belegfeld 1 ≤ 36 characters of
 * `0-9 A-Z a-z $ & % * + - /`, KOST1 ≤ 36.
 */

export const BOOKING_TEXT_MAX = 60;
export const BELEGFELD_MAX = 36;
export const KOST_MAX = 36;

/** Characters DATEV accepts in Belegfeld 1 and 2. */
export const BELEGFELD_PATTERN = /^[0-9A-Za-z$&%*+\-/]*$/;

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** Cuts to `max` characters at a word boundary; a single word longer than `max` is cut hard. */
export function cutAtWord(text: string, max: number): string {
  const clean = words(text).join(' ');
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max + 1);
  const at = head.lastIndexOf(' ');
  return at > 0 ? head.slice(0, at) : clean.slice(0, max);
}

/** "Köln, Stadt" → "Köln": the municipality's name without the Destatis suffix. */
export function shortMunicipalityName(name: string): string {
  return (name.split(',')[0] ?? name).trim();
}

export interface BookingTextInput {
  /** Erhebungszeitraum. */
  year: number;
  gemeinde: string;
  /** What is booked, e.g. "Vorauszahlung", "Storno Abschlusszahlung". */
  art: string;
  quartal?: number | null;
}

/**
 * `GewSt <EZ> <Gemeinde> <Art> <Quartal>`, at most 60 characters without breaking a word.
 * A long municipality name gives up its trailing words first, so that the kind of booking
 * and the quarter stay readable; only then is the whole text cut at a word.
 */
export function bookingText(input: BookingTextInput): string {
  const tail = [input.art, input.quartal ? `Q${input.quartal}` : ''].filter(Boolean).join(' ');
  const head = `GewSt ${input.year}`;
  let gemeinde = words(shortMunicipalityName(input.gemeinde));
  const compose = () => [head, ...gemeinde, tail].filter(Boolean).join(' ');
  while (compose().length > BOOKING_TEXT_MAX && gemeinde.length > 1) gemeinde = gemeinde.slice(0, -1);
  return cutAtWord(compose(), BOOKING_TEXT_MAX);
}

const TRANSLITERATION: Record<string, string> = {
  Ä: 'AE',
  Ö: 'OE',
  Ü: 'UE',
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
};

/**
 * A Kassenzeichen as Belegfeld 1: umlauts transliterated, other diacritics removed, every
 * other character outside DATEV's set (space, dot, comma, underscore …) replaced by "-"
 * (runs collapsed, none at either end), at most 36 characters. Null when nothing is left.
 */
export function belegfeld(value: string | null | undefined): string | null {
  if (!value) return null;
  const mapped = [...value]
    .map((ch) => TRANSLITERATION[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const cleaned = mapped
    .replace(/[^0-9A-Za-z$&%*+\-/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = cleaned.slice(0, BELEGFELD_MAX).replace(/-+$/, '');
  return cut || null;
}

/** Characters a cost centre (KOST1/KOST2) cannot hold: control characters and the quote. */
// eslint-disable-next-line no-control-regex -- control characters are what this names
export const KOST_FORBIDDEN = /[\u0000-\u001f\u007f"]/;

/** A cost centre as KOST1: trimmed, control characters removed, at most 36 characters. */
export function kost1(value: string | null | undefined): string | null {
  if (!value) return null;
  const cleaned = value.replace(new RegExp(KOST_FORBIDDEN.source, 'g'), '').trim();
  return cleaned ? cleaned.slice(0, KOST_MAX) : null;
}
