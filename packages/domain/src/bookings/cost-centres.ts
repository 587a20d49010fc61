import { z } from 'zod';
import type { PaymentLineKind } from '../payments/rules';
import type { AccountPurpose } from './accounts';
import { KOST_FORBIDDEN, KOST_MAX, kost1 as cleanKost } from './texts';

/**
 * Cost-centre rules of a company (settings key `bookings.cost_centres`): which KOST1 and
 * KOST2 (DATEV columns 37 and 38) a generated booking carries.
 *
 * Precedence, per column:
 *  1. KOST1 only: the explicit cost centre of the establishment (master data
 *     `cost_center`) — a value on the master record always wins;
 *  2. the most specific rule that matches the booking and sets the column: a rule names an
 *     establishment, a municipality (AGS) and/or a booking purpose; naming the
 *     establishment counts 4, the municipality 2, the purpose 1, and the highest sum wins;
 *     between rules of the same weight the one higher in the list wins;
 *  3. the company's default (`default_kost1`, `default_kost2`);
 *  4. nothing (the column stays empty).
 * Each booking keeps what it was generated with; a change applies to bookings generated
 * afterwards.
 */

/** What a booking books, as the rules name it. */
export const COST_CENTRE_PURPOSES = [
  'vorauszahlung',
  'abschlusszahlung',
  'zinsen',
  'saeumniszuschlag',
  'rueckstellung',
] as const;
export type CostCentrePurpose = (typeof COST_CENTRE_PURPOSES)[number];
export const COST_CENTRE_PURPOSE_LABELS: Record<CostCentrePurpose, string> = {
  vorauszahlung: 'Vorauszahlung (auch Korrektur)',
  abschlusszahlung: 'Abschlusszahlung / Erstattung',
  zinsen: 'Zinsen § 233a AO',
  saeumniszuschlag: 'Säumniszuschläge',
  rueckstellung: 'Rückstellung (Verbrauch und Auflösung)',
};

/** The purpose of a planned booking: a booking against the provision is "rueckstellung". */
export function costCentrePurposeOf(booking: {
  kind: PaymentLineKind | 'aufloesung';
  purpose: AccountPurpose | null;
}): CostCentrePurpose {
  if (booking.kind === 'aufloesung' || booking.purpose === 'provision') return 'rueckstellung';
  switch (booking.kind) {
    case 'vorauszahlung':
    case 'korrektur':
      return 'vorauszahlung';
    case 'nachzahlungszinsen':
    case 'erstattungszinsen':
      return 'zinsen';
    case 'saeumniszuschlag':
      return 'saeumniszuschlag';
    default:
      return 'abschlusszahlung';
  }
}

const kostField = (label: string) =>
  z
    .string({ error: `${label}: bitte Text angeben (oder leer lassen).` })
    .trim()
    .max(KOST_MAX, `${label}: höchstens ${KOST_MAX} Zeichen (DATEV).`)
    .refine((s) => !KOST_FORBIDDEN.test(s), `${label}: keine Anführungszeichen und keine Steuerzeichen.`)
    .transform((s) => s || null)
    .nullable();

export const costCentreRuleSchema = z
  .strictObject({
    purpose: z
      .enum(COST_CENTRE_PURPOSES, { error: 'Bitte einen Buchungszweck aus der Liste wählen.' })
      .nullable(),
    ags: z
      .string({ error: 'Bitte einen Gemeindeschlüssel angeben.' })
      .trim()
      .regex(/^\d{8}$/, 'Der Gemeindeschlüssel (AGS) hat 8 Ziffern.')
      .nullable(),
    master_data_id: z
      .number({ error: 'Bitte eine Betriebsstätte wählen.' })
      .int('Bitte eine Betriebsstätte wählen.')
      .positive('Bitte eine Betriebsstätte wählen.')
      .nullable(),
    kost1: kostField('KOST1'),
    kost2: kostField('KOST2'),
  })
  .refine((r) => r.purpose !== null || r.ags !== null || r.master_data_id !== null, {
    message: 'Eine Regel nennt mindestens einen Buchungszweck, eine Gemeinde oder eine Betriebsstätte.',
    path: ['purpose'],
  })
  .refine((r) => r.kost1 !== null || r.kost2 !== null, {
    message: 'Eine Regel setzt KOST1, KOST2 oder beide.',
    path: ['kost1'],
  });
export type CostCentreRule = z.output<typeof costCentreRuleSchema>;

export const costCentreSettingsSchema = z.strictObject({
  default_kost1: kostField('KOST1'),
  default_kost2: kostField('KOST2'),
  rules: z
    .array(costCentreRuleSchema, { error: 'Die Regeln müssen eine Liste sein.' })
    .max(500, 'Höchstens 500 Regeln je Firma.'),
});
export type CostCentreSettings = z.output<typeof costCentreSettingsSchema>;

export const DEFAULT_COST_CENTRES: CostCentreSettings = {
  default_kost1: null,
  default_kost2: null,
  rules: [],
};

/** What the rules look at in a booking. */
export interface CostCentreSubject {
  purpose: CostCentrePurpose;
  ags: string | null;
  master_data_id: number | null;
  /** The establishment's own cost centre (master data), if any. */
  cost_center: string | null;
}

/** Weight of a rule: 4 for the establishment, 2 for the municipality, 1 for the purpose. */
export function ruleWeight(rule: CostCentreRule): number {
  return (
    (rule.master_data_id !== null ? 4 : 0) + (rule.ags !== null ? 2 : 0) + (rule.purpose !== null ? 1 : 0)
  );
}

export function ruleMatches(rule: CostCentreRule, subject: CostCentreSubject): boolean {
  return (
    (rule.purpose === null || rule.purpose === subject.purpose) &&
    (rule.ags === null || rule.ags === subject.ags) &&
    (rule.master_data_id === null || rule.master_data_id === subject.master_data_id)
  );
}

function mostSpecific(
  rules: readonly CostCentreRule[],
  subject: CostCentreSubject,
  column: 'kost1' | 'kost2',
): string | null {
  let best: CostCentreRule | null = null;
  for (const rule of rules) {
    if (rule[column] === null || !ruleMatches(rule, subject)) continue;
    if (!best || ruleWeight(rule) > ruleWeight(best)) best = rule;
  }
  return best?.[column] ?? null;
}

/** KOST1 and KOST2 of a booking by the precedence above (each at most 36 characters). */
export function resolveCostCentres(
  settings: CostCentreSettings,
  subject: CostCentreSubject,
): { kost1: string | null; kost2: string | null } {
  return {
    kost1:
      cleanKost(subject.cost_center) ??
      cleanKost(mostSpecific(settings.rules, subject, 'kost1')) ??
      cleanKost(settings.default_kost1),
    kost2: cleanKost(mostSpecific(settings.rules, subject, 'kost2')) ?? cleanKost(settings.default_kost2),
  };
}
