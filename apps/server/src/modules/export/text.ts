import { formatMoneyPlain } from '@gewst/domain';
import anyAscii from 'any-ascii';
import iconv from 'iconv-lite';

/**
 * Windows-1252 for DATEV: which characters the code page holds, and a transliteration of
 * the others that keeps the text readable ("Łódź" → "Lodz", "Ğ" → "G", "…" stays).
 * Nothing is dropped or replaced by "?" silently: every change is returned so the job
 * can report it.
 */

/** The printable characters of Windows-1252 (its five unassigned bytes and controls excluded). */
const CP1252 = (() => {
  const set = new Set<number>();
  for (let b = 0x20; b <= 0xff; b++) {
    if (b === 0x7f) continue;
    const cp = iconv.decode(Buffer.from([b]), 'win1252').codePointAt(0)!;
    if (cp === 0xfffd || (cp >= 0x80 && cp <= 0x9f)) continue;
    set.add(cp);
  }
  return set;
})();

export const inCp1252 = (ch: string) => CP1252.has(ch.codePointAt(0)!);

/** One character that Windows-1252 lacks → the closest text it holds. */
function transliterateChar(ch: string): string {
  if (ch === '\u1e9e') return 'SS'; // capital sharp s; any-ascii gives "Ss"
  // First the decomposition (accents on letters Windows-1252 has: "ő" → "o", "ș" → "s").
  const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  if (base && [...base].every(inCp1252)) return base;
  const ascii = anyAscii(ch);
  return [...ascii].every(inCp1252) ? ascii : '';
}

export interface Cp1252Text {
  text: string;
  /** True when something had to change (transliteration or control characters). */
  changed: boolean;
}

/**
 * Makes `value` writable in Windows-1252: line breaks and other control characters become
 * a space (DATEV allows none inside a field), characters outside the code page are
 * transliterated. A fast path leaves ordinary German text untouched.
 */
export function toCp1252(value: string): Cp1252Text {
  let plain = true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || (c >= 0x80 && !CP1252.has(c)) || (c >= 0xd800 && c <= 0xdfff)) {
      plain = false;
      break;
    }
  }
  if (plain) return { text: value, changed: false };
  let out = '';
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) out += ' ';
    else if (CP1252.has(cp)) out += ch;
    else out += transliterateChar(ch);
  }
  return { text: out, changed: true };
}

export const encodeCp1252 = (text: string): Buffer => iconv.encode(text, 'win1252');

/** `"1529.5"` → 152950n. Throws on anything but an unsigned decimal with ≤ 2 places. */
export function toCents(amount: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new Error(`Kein Betrag: ${amount}`);
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** 152950n → "1529.50" (decimal point, optional minus). */
export function centsToDecimal(cents: bigint): string {
  return formatMoneyPlain(cents);
}
