import { DomainValidationError } from './errors';
import { Fraction } from './fraction';
import { applyHebesatz, centsToMoney, Dec, formatMoney } from './money';
import {
  type Gemeinde,
  prepareZerlegung,
  type ZerlegungInput,
  type ZerlegungSchluessel,
} from './zerlegung-input';

export interface ZerlegungZeileResult {
  ags: string;
  /** Indexes of the input lines merged into this municipality. */
  quellzeilen: number[];
  geschaeftsleitung: boolean;
  /** Wages after §31 (caps, Unternehmerlohn) rounded down to full 1,000 € (§29 Abs.3). */
  arbeitsloehne_gerundet: string;
  /** Exact ratio of the key, 10 decimal places (for comparing with a Zerlegungsbescheid). */
  quote: string;
  /** Zerlegungsanteil in euros and cents. */
  anteil: string;
  hebesatz: number | null;
  /** anteil × hebesatz / 100, half-up to the cent; null without Hebesatz. */
  steuer: string | null;
  /** True when a share of not more than 10 € was moved to the GL municipality (§34). */
  kleinbetrag_umgelegt: boolean;
}

export interface ZerlegungResult {
  year: number;
  schluessel: ZerlegungSchluessel;
  messbetrag: string;
  zeilen: ZerlegungZeileResult[];
  /** Sum of the shares; sum of the taxes (null if a Hebesatz is missing). */
  summe: { anteil: string; steuer: string | null };
  /** Notes on policies applied (missing wages, solar split, rounding differences). */
  hinweise: string[];
}

/** §34 GewStG: shares (and a whole MB) of not more than 10 € go to the GL municipality. */
export const KLEINBETRAG_CENT = 1_000n;

const sum = (xs: Fraction[]) => xs.reduce((a, b) => a.add(b), Fraction.ZERO);
const ratios = (xs: Fraction[]) => {
  const total = sum(xs);
  return xs.map((x) => (total.isZero() ? Fraction.ZERO : x.div(total)));
};

function invalid(field: string, message: string): never {
  throw new DomainValidationError({ [field]: [message] });
}

/**
 * Weights per municipality (summing to 1) for the key of the EZ (§29 GewStG).
 *
 * - arbeitslohn: rounded wages.
 * - wind_solar, EZ 2009–2020: 3/10 wages + 7/10 Sachanlagevermögen.
 * - wind_solar, EZ ≥ 2021: 1/10 wages + 9/10 installed power (all kW fields summed).
 *   Solar transition EZ 2021–2023 (§29 Abs.1 Nr.2 b), only for businesses with solar
 *   plants alone (no `installierte_leistung_kw` anywhere) that have old plants: the MB
 *   is first split by installed power into the part of the new plants (approved after
 *   30 Jun 2013) — apportioned 1/10 wages + 9/10 new-plant kW — and the part of the old
 *   plants, apportioned by wages alone (Satz 2 of the provision).
 * - speicher (EZ ≥ 2025): 1/10 wages + 9/10 installed power.
 * - manuell (§33): the given ratios.
 *
 * Policy: when a mixed key meets a business without any wages (common for wind
 * parks run by a corporation), the wage tenth follows the other factor, with a note.
 */
function weights(
  year: number,
  schluessel: ZerlegungSchluessel,
  gemeinden: Gemeinde[],
  hinweise: string[],
): Fraction[] {
  const wages = gemeinden.map((g) => new Fraction(g.loehneGerundetCent));
  const wageRatio = ratios(wages);
  const noWages = sum(wages).isZero();
  const noWagesError =
    'Für den Maßstab Arbeitslohn sind keine Arbeitslöhne (nach Rundung auf volle 1.000 Euro) angegeben.';

  const mixed = (wagePart: Fraction, factor: Fraction[], factorName: string) => {
    const factorRatio = ratios(factor);
    if (noWages) {
      hinweise.push(
        `Keine Arbeitslöhne vorhanden: der Lohnanteil wird ebenfalls nach ${factorName} verteilt.`,
      );
      return factorRatio;
    }
    const rest = Fraction.ONE.sub(wagePart);
    return gemeinden.map((_, i) => wagePart.mul(wageRatio[i]!).add(rest.mul(factorRatio[i]!)));
  };

  switch (schluessel) {
    case 'arbeitslohn':
      if (noWages) invalid('zeilen', noWagesError);
      return wageRatio;
    case 'manuell': {
      const manual = gemeinden.map((g) => g.manuell);
      if (sum(manual).isZero()) invalid('zeilen', 'Die manuellen Anteile ergeben zusammen null.');
      return ratios(manual);
    }
    case 'speicher': {
      if (year < 2025) {
        invalid(
          'schluessel',
          'Der Maßstab für Energiespeicher gilt erst ab dem Erhebungszeitraum 2025 (§ 29 Abs. 1 Nr. 3 GewStG).',
        );
      }
      const kw = gemeinden.map((g) => g.kw);
      if (sum(kw).isZero())
        invalid('zeilen', 'Für den Speicher-Maßstab ist keine installierte Leistung angegeben.');
      return mixed(new Fraction(1n, 10n), kw, 'der installierten Leistung');
    }
    case 'wind_solar': {
      if (year < 2009) {
        invalid(
          'schluessel',
          'Der Maßstab für Wind- und Solaranlagen gilt erst ab dem Erhebungszeitraum 2009.',
        );
      }
      if (year <= 2020) {
        const assets = gemeinden.map((g) => g.sachanlagen);
        if (sum(assets).isZero()) {
          invalid(
            'zeilen',
            'Für Erhebungszeiträume bis 2020 ist das Sachanlagevermögen je Gemeinde anzugeben.',
          );
        }
        return mixed(new Fraction(3n, 10n), assets, 'dem Sachanlagevermögen');
      }
      const wind = sum(gemeinden.map((g) => g.kw));
      const alt = sum(gemeinden.map((g) => g.altKw));
      const split = year <= 2023 && wind.isZero() && !alt.isZero();
      if (!split) {
        const kw = gemeinden.map((g) => g.kw.add(g.neuKw).add(g.altKw));
        if (sum(kw).isZero())
          invalid('zeilen', 'Für den Wind-/Solar-Maßstab ist keine installierte Leistung angegeben.');
        return mixed(new Fraction(1n, 10n), kw, 'der installierten Leistung');
      }
      if (noWages) {
        invalid(
          'zeilen',
          'Solar-Altanlagen (genehmigt bis 30.06.2013) werden nach Arbeitslöhnen zerlegt; es sind keine Arbeitslöhne angegeben.',
        );
      }
      const neu = gemeinden.map((g) => g.neuKw);
      const neuSum = sum(neu);
      const pNeu = neuSum.div(neuSum.add(alt));
      hinweise.push(
        `Übergangsregel EZ 2021–2023: ${pNeu.mul(new Fraction(100n)).toFixed(2)} % des Messbetrags (Neuanlagen) nach 1/10 Arbeitslohn und 9/10 installierter Leistung, der Rest (Altanlagen) nach Arbeitslohn.`,
      );
      const neuWeights = neuSum.isZero()
        ? wageRatio
        : mixed(new Fraction(1n, 10n), neu, 'der installierten Leistung');
      const pAlt = Fraction.ONE.sub(pNeu);
      return gemeinden.map((_, i) => pNeu.mul(neuWeights[i]!).add(pAlt.mul(wageRatio[i]!)));
    }
  }
}

/**
 * Cents per municipality from exact shares.
 * - largest_remainder (default): floor every share, then hand the missing cents one by
 *   one to the largest remainders (ties: GL first, then input order). Sums exactly.
 * - half_up: each share rounded half-up on its own; the sum may differ from the MB by a
 *   few cents (noted in `hinweise`).
 * - rest_an_geschaeftsleitung: floor every other share, the GL gets the rest. Sums exactly.
 */
function roundShares(exact: Fraction[], glIndex: number, total: bigint, rundung: string): bigint[] {
  if (rundung === 'half_up') return exact.map((x) => x.roundHalfUp());
  const floors = exact.map((x) => x.floor());
  if (rundung === 'rest_an_geschaeftsleitung') {
    const others = floors.reduce((a, b, i) => (i === glIndex ? a : a + b), 0n);
    return floors.map((f, i) => (i === glIndex ? total - others : f));
  }
  let missing = total - floors.reduce((a, b) => a + b, 0n);
  const order = exact
    .map((x, i) => ({ i, rest: x.sub(new Fraction(floors[i]!)) }))
    .sort((a, b) => b.rest.cmp(a.rest) || (a.i === glIndex ? -1 : b.i === glIndex ? 1 : a.i - b.i));
  const result = [...floors];
  for (const { i } of order) {
    if (missing <= 0n) break;
    result[i]! += 1n;
    missing -= 1n;
  }
  return result;
}

/** Zerlegung of the Messbetrag among municipalities, §§28–34 GewStG. */
export function computeZerlegung(input: ZerlegungInput): ZerlegungResult {
  const { gemeinden, messbetragCent, rundung } = prepareZerlegung(input);
  const hinweise: string[] = [];
  const w = weights(input.year, input.schluessel, gemeinden, hinweise);
  const glIndex = gemeinden.findIndex((g) => g.geschaeftsleitung);
  const mb = new Fraction(messbetragCent);
  const cents = roundShares(
    w.map((x) => x.mul(mb)),
    glIndex,
    messbetragCent,
    rundung,
  );

  // §34: the whole MB ≤ 10 € or single shares ≤ 10 € go to the GL municipality. Applied
  // to the rounded cents, so a line showing 10.00 always moves.
  const moved = cents.map(() => false);
  for (let i = 0; i < cents.length; i++) {
    if (i === glIndex || cents[i]! <= 0n) continue;
    if (messbetragCent <= KLEINBETRAG_CENT || cents[i]! <= KLEINBETRAG_CENT) {
      cents[glIndex]! += cents[i]!;
      cents[i] = 0n;
      moved[i] = true;
    }
  }

  const total = cents.reduce((a, b) => a + b, 0n);
  if (total !== messbetragCent) {
    hinweise.push(
      `Bei kaufmännischer Rundung je Gemeinde weicht die Summe der Anteile um ${centsToMoney(total - messbetragCent)} Euro vom Messbetrag ab.`,
    );
  }

  let steuerSumme: Dec | null = new Dec(0);
  const zeilen = gemeinden.map((g, i): ZerlegungZeileResult => {
    const anteil = new Dec(centsToMoney(cents[i]!));
    const steuer = g.hebesatz ? applyHebesatz(anteil, g.hebesatz) : null;
    steuerSumme = steuer && steuerSumme ? steuerSumme.add(steuer) : null;
    return {
      ags: g.ags,
      quellzeilen: g.quellzeilen,
      geschaeftsleitung: g.geschaeftsleitung,
      arbeitsloehne_gerundet: centsToMoney(g.loehneGerundetCent),
      quote: w[i]!.toFixed(10),
      anteil: formatMoney(anteil),
      hebesatz: g.hebesatz ? g.hebesatz.toNumber() : null,
      steuer: steuer ? formatMoney(steuer) : null,
      kleinbetrag_umgelegt: moved[i]!,
    };
  });
  return {
    year: input.year,
    schluessel: input.schluessel,
    messbetrag: centsToMoney(messbetragCent),
    zeilen,
    summe: { anteil: centsToMoney(total), steuer: steuerSumme ? formatMoney(steuerSumme) : null },
    hinweise,
  };
}
