import Decimal from 'decimal.js';
import { formatMoneyPlain } from '../money/format';
import { fail, type ValidationCollector } from './errors';

/**
 * Decimal constructor private to the tax rules: high precision, half-up rounding, so
 * no other module's global Decimal settings can change a result. Money never touches
 * binary floating point.
 */
export const Dec = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 40,
});
export type Dec = Decimal;

/** Money on the wire: optional minus, digits, at most two decimal places. */
export const MONEY_PATTERN = /^-?\d+(\.\d{1,2})?$/;
/** Any non-negative decimal (quantities such as kW or ratios). */
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;

/** Parses a money string; throws a DomainValidationError naming `field`. */
export function parseMoney(value: string, field: string): Dec {
  if (typeof value !== 'string' || !MONEY_PATTERN.test(value.trim())) {
    fail(field, 'Betrag als Dezimalzahl mit höchstens zwei Nachkommastellen angeben, z. B. 1.095,00.');
  }
  return new Dec(value.trim());
}

/**
 * Parses an optional decimal into the collector instead of throwing, so one request
 * reports every bad field at once. Returns null when invalid or absent.
 */
export function collectDecimal(
  value: string | undefined | null,
  field: string,
  v: ValidationCollector,
  opts: { money?: boolean; allowNegative?: boolean } = {},
): Dec | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value.trim() : '';
  const pattern = opts.money ? MONEY_PATTERN : /^-?\d+(\.\d+)?$/;
  if (!pattern.test(text)) {
    v.add(
      field,
      opts.money
        ? 'Betrag als Dezimalzahl mit höchstens zwei Nachkommastellen angeben, z. B. 1.095,00.'
        : 'Bitte eine Dezimalzahl angeben, z. B. 1.500,5.',
    );
    return null;
  }
  const d = new Dec(text);
  if (!opts.allowNegative && d.isNegative() && !d.isZero()) {
    v.add(field, 'Der Wert darf nicht negativ sein.');
    return null;
  }
  return d;
}

/** Two decimal places, half-up, never "-0.00". */
export function formatMoney(value: Dec): string {
  return formatMoneyPlain(value);
}

/** Rounds down (towards −∞) to a multiple of `step` (e.g. 100 € for the Gewerbeertrag). */
export function floorToMultiple(value: Dec, step: number): Dec {
  return value.div(step).floor().mul(step);
}

/** Cents to money string. */
export function centsToMoney(cents: bigint): string {
  return formatMoneyPlain(cents);
}

/** Percentage multiplication used for every tax amount: base × hebesatz / 100, to the cent. */
export function applyHebesatz(base: Dec, hebesatz: Dec): Dec {
  return base.mul(hebesatz).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Hebesatz check shared by the calculators (§16 Abs.4 GewStG: at least 200 %). */
export function validateHebesatz(value: number | string, field: string, v: ValidationCollector): Dec | null {
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) {
    v.add(field, 'Der Hebesatz muss eine positive Zahl in Prozent sein, z. B. 400.');
    return null;
  }
  const d = new Dec(text);
  if (d.lt(200)) {
    v.add(field, 'Der Hebesatz muss mindestens 200 % betragen (§ 16 Abs. 4 GewStG).');
    return null;
  }
  return d;
}
