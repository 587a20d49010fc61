import { LEGAL_FORMS, type LegalForm } from '../api/companies';
import { ValidationCollector } from './errors';
import { applyHebesatz, collectDecimal, Dec, floorToMultiple, formatMoney, validateHebesatz } from './money';

/** Legal forms as stored on the company (same list as the company master data). */
export const RECHTSFORMEN = LEGAL_FORMS;
export type Rechtsform = LegalForm;

/** Steuermesszahl §11 Abs.2 GewStG. */
export const STEUERMESSZAHL_PROZENT = '3.5';

/**
 * Freibetrag §11 Abs.1 GewStG: 24,500 € for natural persons and partnerships
 * (Einzelunternehmen, Personengesellschaft), 5,000 € for the other legal persons of
 * Nr. 2 ('sonstige'), none for corporations.
 */
export function freibetragFuer(rechtsform: Rechtsform): number {
  switch (rechtsform) {
    case 'einzelunternehmen':
    case 'personengesellschaft':
      return 24_500;
    case 'sonstige':
      return 5_000;
    case 'kapitalgesellschaft':
      return 0;
  }
}

export interface MessbetragInput {
  /** Gewerbeertrag after loss carry-forward, money string. */
  gewerbeertrag: string;
  rechtsform: Rechtsform;
  /** Percent, e.g. 400; when given the tax is computed too. */
  hebesatz?: number | string | null;
}

export interface MessbetragResult {
  gewerbeertrag_gerundet: string;
  freibetrag: string;
  messbetrag: string;
  /** MB × Hebesatz / 100, only when a Hebesatz was given. */
  steuer?: string;
}

/**
 * §11 GewStG: Gewerbeertrag rounded down to full 100 € (a negative one counts as 0),
 * minus the Freibetrag (at most the rounded amount), × 3.5 %, rounded down to full euro
 * (R 14.1 GewStR). Tax = MB × Hebesatz / 100, exact to the cent.
 */
export function computeMessbetrag(input: MessbetragInput): MessbetragResult {
  const v = new ValidationCollector();
  const ertrag = collectDecimal(input.gewerbeertrag, 'gewerbeertrag', v, {
    money: true,
    allowNegative: true,
  });
  if (!(RECHTSFORMEN as readonly string[]).includes(input.rechtsform)) {
    v.add('rechtsform', 'Unbekannte Rechtsform.');
  }
  const hebesatz =
    input.hebesatz === undefined || input.hebesatz === null
      ? null
      : validateHebesatz(input.hebesatz, 'hebesatz', v);
  v.throwIfAny();

  const gerundet = Dec.max(floorToMultiple(ertrag!, 100), 0);
  const freibetrag = Dec.min(new Dec(freibetragFuer(input.rechtsform)), gerundet);
  const messbetrag = gerundet.sub(freibetrag).mul(STEUERMESSZAHL_PROZENT).div(100).floor();
  const result: MessbetragResult = {
    gewerbeertrag_gerundet: formatMoney(gerundet),
    freibetrag: formatMoney(freibetrag),
    messbetrag: formatMoney(messbetrag),
  };
  if (hebesatz) result.steuer = formatMoney(applyHebesatz(messbetrag, hebesatz));
  return result;
}

/** Tax from a Messbetrag or Zerlegungsanteil: MB × Hebesatz / 100, half-up to the cent. */
export function computeSteuer(messbetrag: string, hebesatz: number | string): string {
  const v = new ValidationCollector();
  const mb = collectDecimal(messbetrag, 'messbetrag', v, { money: true });
  const h = validateHebesatz(hebesatz, 'hebesatz', v);
  v.throwIfAny();
  return formatMoney(applyHebesatz(mb!, h!));
}
