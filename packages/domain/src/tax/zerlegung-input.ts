import { bundeslandFromAgs } from './bundesland';
import { ValidationCollector } from './errors';
import { Fraction } from './fraction';
import { RECHTSFORMEN, type Rechtsform } from './messbetrag';
import { collectDecimal, type Dec, validateHebesatz } from './money';

export const ZERLEGUNG_SCHLUESSEL = ['arbeitslohn', 'wind_solar', 'speicher', 'manuell'] as const;
export type ZerlegungSchluessel = (typeof ZERLEGUNG_SCHLUESSEL)[number];

export const ZERLEGUNG_RUNDUNG = ['largest_remainder', 'half_up', 'rest_an_geschaeftsleitung'] as const;
export type ZerlegungRundung = (typeof ZERLEGUNG_RUNDUNG)[number];
/** German names of the rounding policies (Admin → Einstellungen → Vorgaben, Zerlegung detail). */
export const ZERLEGUNG_RUNDUNG_LABELS: Record<ZerlegungRundung, string> = {
  largest_remainder: 'Größter Rest (Summe gleich Messbetrag)',
  half_up: 'Kaufmännisch je Gemeinde (Summe kann abweichen)',
  rest_an_geschaeftsleitung: 'Abrunden, Rest an die Geschäftsleitung',
};

/** One employee's pay for the year at an establishment (§31 GewStG). Money strings. */
export interface ZerlegungArbeitnehmer {
  lohn: string;
  /** Overtime, Sunday, holiday and night supplements — always count (§31 Abs.1 S.2). */
  zuschlaege?: string;
  /** Profit-based one-off pay (Tantiemen, Gratifikationen) — never counts (§31 Abs.4 S.1). */
  gewinnabhaengig?: string;
  /** Trainee — excluded entirely (§31 Abs.2). */
  auszubildend?: boolean;
  /** Staff hired from another firm — not paid by the business, excluded. */
  fremdpersonal?: boolean;
}

export interface ZerlegungZeileInput {
  /** 8-digit AGS of the municipality. */
  ags: string;
  geschaeftsleitung: boolean;
  /** Percent; filled by the server from master data. Without it `steuer` is null. */
  hebesatz?: number | string | null;
  arbeitnehmer?: readonly ZerlegungArbeitnehmer[];
  /** Already aggregated wages under §31 (caps applied); instead of `arbeitnehmer`. */
  arbeitsloehne?: string;
  /** Installed power in kW (wind, storage, or solar when no split applies). */
  installierte_leistung_kw?: string;
  /** Solar plants approved after 30 Jun 2013 (§29 Abs.1 Nr.2 S.3). */
  solar_neuanlagen_kw?: string;
  /** Solar plants approved up to 30 Jun 2013. */
  solar_altanlagen_kw?: string;
  /** Tangible fixed assets (key of EZ 2009–2020), money string. */
  sachanlagevermoegen?: string;
  /** Ratio for the manual key (§33), any non-negative decimal. */
  manueller_anteil?: string;
}

export interface ZerlegungInput {
  year: number;
  /** Messbetrag to apportion, money string. */
  messbetrag: string;
  schluessel: ZerlegungSchluessel;
  rechtsform: Rechtsform;
  rundung?: ZerlegungRundung;
  zeilen: readonly ZerlegungZeileInput[];
}

/** Per employee cap §31 Abs.4 S.2, in cents. */
export const LOHN_HOECHSTBETRAG_CENT = 5_000_000n;
/** Unternehmerlohn §31 Abs.5, in total, in cents. */
export const UNTERNEHMERLOHN_CENT = 2_500_000n;

/** One municipality after merging all input lines with its AGS. */
export interface Gemeinde {
  ags: string;
  quellzeilen: number[];
  geschaeftsleitung: boolean;
  hebesatz: Dec | null;
  /** Wages in cents before and after rounding down to full 1,000 €. */
  loehneCent: bigint;
  loehneGerundetCent: bigint;
  kw: Fraction;
  neuKw: Fraction;
  altKw: Fraction;
  sachanlagen: Fraction;
  manuell: Fraction;
}

const toFraction = (d: Dec | null) => (d ? Fraction.fromDecimalString(d.toFixed()) : Fraction.ZERO);
const toCents = (d: Dec | null) => (d ? BigInt(d.mul(100).toFixed(0)) : 0n);

/** Wages of one employee that count for the Zerlegung, in cents. */
export function anrechenbarerLohnCent(
  lohnCent: bigint,
  zuschlaegeCent: bigint,
  a: ZerlegungArbeitnehmer,
): bigint {
  if (a.auszubildend || a.fremdpersonal) return 0n;
  const sum = lohnCent + zuschlaegeCent;
  return sum > LOHN_HOECHSTBETRAG_CENT ? LOHN_HOECHSTBETRAG_CENT : sum;
}

/** One row of a per-employee wage list (e.g. an xlsx import), amounts in cents. */
export interface ArbeitnehmerLohnZeile {
  /** Personnel number or name; rows with the same value are one employee. Empty: own employee. */
  person?: string | null;
  ags: string;
  lohnCent: bigint;
  zuschlaegeCent: bigint;
  auszubildend?: boolean;
  fremdpersonal?: boolean;
}

/**
 * Counted wages per AGS (cents) from per-employee rows under §31 GewStG. The 50,000 € cap
 * of §31 Abs.4 S.2 applies per employee, so all rows of one employee (same `person`, e.g.
 * monthly rows or several establishments) are summed before capping; when they lie in
 * several municipalities the capped amount is split in proportion to the pay there
 * (cents rounded down, the remaining cents to the largest part). Trainee and hired-staff
 * rows never count. Rows without a person each count as an employee of their own.
 */
export function anrechenbareLoehneJeGemeinde(rows: readonly ArbeitnehmerLohnZeile[]): Map<string, bigint> {
  const result = new Map<string, bigint>();
  const add = (ags: string, cents: bigint) => result.set(ags, (result.get(ags) ?? 0n) + cents);
  const byPerson = new Map<string, Map<string, bigint>>();
  rows.forEach((r, i) => {
    result.set(r.ags, result.get(r.ags) ?? 0n);
    if (r.auszubildend || r.fremdpersonal) return;
    const key = r.person?.trim() ? `p:${r.person.trim()}` : `row:${i}`;
    const parts = byPerson.get(key) ?? new Map<string, bigint>();
    parts.set(r.ags, (parts.get(r.ags) ?? 0n) + r.lohnCent + r.zuschlaegeCent);
    byPerson.set(key, parts);
  });
  for (const parts of byPerson.values()) {
    const total = [...parts.values()].reduce((a, b) => a + b, 0n);
    if (total <= LOHN_HOECHSTBETRAG_CENT) {
      for (const [ags, cents] of parts) add(ags, cents);
      continue;
    }
    let rest = LOHN_HOECHSTBETRAG_CENT;
    let largest: string | null = null;
    for (const [ags, cents] of parts) {
      const share = (LOHN_HOECHSTBETRAG_CENT * cents) / total;
      add(ags, share);
      rest -= share;
      if (largest === null || cents > parts.get(largest)!) largest = ags;
    }
    if (largest !== null && rest > 0n) add(largest, rest);
  }
  return result;
}

/**
 * Validates the input (every problem reported per field path) and merges lines per
 * AGS. Merging policy: lines with the same AGS are one municipality — §29 Abs.3 rounds
 * the wages per municipality, so they are summed before rounding; the merged line is
 * the GL municipality if any of its lines is; Hebesätze must agree.
 */
export function prepareZerlegung(input: ZerlegungInput): {
  gemeinden: Gemeinde[];
  messbetragCent: bigint;
  rundung: ZerlegungRundung;
} {
  const v = new ValidationCollector();
  if (!Number.isInteger(input.year) || input.year < 1900 || input.year > 2200) {
    v.add('year', 'Bitte ein Erhebungszeitraum zwischen 1900 und 2200 angeben.');
  }
  const mb = collectDecimal(input.messbetrag, 'messbetrag', v, { money: true });
  if (!(ZERLEGUNG_SCHLUESSEL as readonly string[]).includes(input.schluessel)) {
    v.add('schluessel', 'Unbekannter Zerlegungsmaßstab.');
  }
  const rundung = input.rundung ?? 'largest_remainder';
  if (!(ZERLEGUNG_RUNDUNG as readonly string[]).includes(rundung))
    v.add('rundung', 'Unbekannte Rundungsregel.');
  if (!(RECHTSFORMEN as readonly string[]).includes(input.rechtsform))
    v.add('rechtsform', 'Unbekannte Rechtsform.');
  if (!Array.isArray(input.zeilen) || input.zeilen.length === 0) {
    v.add('zeilen', 'Bitte mindestens eine Gemeinde angeben.');
    v.throwIfAny();
  }

  const byAgs = new Map<string, Gemeinde>();
  input.zeilen.forEach((z, i) => {
    const p = `zeilen.${i}`;
    const agsOk = typeof z.ags === 'string' && bundeslandFromAgs(z.ags) !== null;
    if (!agsOk)
      v.add(
        `${p}.ags`,
        typeof z.ags !== 'string' || z.ags.trim() === ''
          ? 'Gemeinde fehlt: bitte die Gemeinde wählen.'
          : 'Der AGS muss aus 8 Ziffern bestehen und mit 01 bis 16 beginnen.',
      );
    if (typeof z.geschaeftsleitung !== 'boolean')
      v.add(`${p}.geschaeftsleitung`, 'Bitte ja oder nein angeben.');
    const hebesatz =
      z.hebesatz === undefined || z.hebesatz === null
        ? null
        : validateHebesatz(z.hebesatz, `${p}.hebesatz`, v);
    if (z.arbeitnehmer !== undefined && z.arbeitsloehne !== undefined) {
      v.add(
        `${p}.arbeitsloehne`,
        'Entweder einzelne Arbeitnehmer oder die Summe der Arbeitslöhne angeben, nicht beides.',
      );
    }
    let loehne = toCents(collectDecimal(z.arbeitsloehne, `${p}.arbeitsloehne`, v, { money: true }));
    (z.arbeitnehmer ?? []).forEach((a, j) => {
      const q = `${p}.arbeitnehmer.${j}`;
      if (a.lohn === undefined) v.add(`${q}.lohn`, 'Bitte den Arbeitslohn angeben.');
      const lohn = collectDecimal(a.lohn, `${q}.lohn`, v, { money: true });
      const zuschlaege = collectDecimal(a.zuschlaege, `${q}.zuschlaege`, v, { money: true });
      collectDecimal(a.gewinnabhaengig, `${q}.gewinnabhaengig`, v, { money: true });
      loehne += anrechenbarerLohnCent(toCents(lohn), toCents(zuschlaege), a);
    });
    const kw = toFraction(collectDecimal(z.installierte_leistung_kw, `${p}.installierte_leistung_kw`, v));
    const neuKw = toFraction(collectDecimal(z.solar_neuanlagen_kw, `${p}.solar_neuanlagen_kw`, v));
    const altKw = toFraction(collectDecimal(z.solar_altanlagen_kw, `${p}.solar_altanlagen_kw`, v));
    const sachanlagen = toFraction(
      collectDecimal(z.sachanlagevermoegen, `${p}.sachanlagevermoegen`, v, { money: true }),
    );
    const manuellDec = collectDecimal(z.manueller_anteil, `${p}.manueller_anteil`, v);
    if (input.schluessel === 'manuell' && (z.manueller_anteil === undefined || z.manueller_anteil === null)) {
      v.add(`${p}.manueller_anteil`, 'Für den manuellen Maßstab (§ 33 GewStG) einen Anteil angeben.');
    }
    if (!agsOk) return;
    const g = byAgs.get(z.ags);
    if (!g) {
      byAgs.set(z.ags, {
        ags: z.ags,
        quellzeilen: [i],
        geschaeftsleitung: z.geschaeftsleitung === true,
        hebesatz,
        loehneCent: loehne,
        loehneGerundetCent: 0n,
        kw,
        neuKw,
        altKw,
        sachanlagen,
        manuell: toFraction(manuellDec),
      });
      return;
    }
    if (hebesatz && g.hebesatz && !hebesatz.eq(g.hebesatz)) {
      v.add(`${p}.hebesatz`, `Für die Gemeinde ${z.ags} sind verschiedene Hebesätze angegeben.`);
    }
    g.quellzeilen.push(i);
    g.geschaeftsleitung ||= z.geschaeftsleitung === true;
    g.hebesatz ??= hebesatz;
    g.loehneCent += loehne;
    g.kw = g.kw.add(kw);
    g.neuKw = g.neuKw.add(neuKw);
    g.altKw = g.altKw.add(altKw);
    g.sachanlagen = g.sachanlagen.add(sachanlagen);
    g.manuell = g.manuell.add(toFraction(manuellDec));
  });

  const glCount = input.zeilen.filter((z) => z.geschaeftsleitung === true).length;
  if (glCount !== 1) {
    v.add(
      'zeilen',
      glCount === 0
        ? 'Bitte die Gemeinde der Geschäftsleitung markieren (§ 34 GewStG).'
        : 'Nur eine Gemeinde kann Ort der Geschäftsleitung sein.',
    );
  }
  v.throwIfAny();

  const gemeinden = [...byAgs.values()];
  const unternehmerlohn =
    input.rechtsform === 'einzelunternehmen' || input.rechtsform === 'personengesellschaft';
  for (const g of gemeinden) {
    if (unternehmerlohn && g.geschaeftsleitung) g.loehneCent += UNTERNEHMERLOHN_CENT;
    // §29 Abs.3: per municipality, down to full 1,000 €.
    g.loehneGerundetCent = (g.loehneCent / 100_000n) * 100_000n;
  }
  return { gemeinden, messbetragCent: toCents(mb), rundung };
}
