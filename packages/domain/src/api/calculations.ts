import { z } from 'zod';
import { bundeslandFromAgs } from '../tax/bundesland';
import { ZERLEGUNG_RUNDUNG, ZERLEGUNG_SCHLUESSEL } from '../tax/zerlegung-input';
import { isoDateSchema } from './common';
import { LEGAL_FORMS } from './companies';

export { bundeslandFromAgs };

/**
 * Contracts of the calculators (`/calculations/*`, `interestrates/calculate`) and of the
 * interest master data. Money travels as decimal strings with at most two places, dates
 * as ISO strings; the pure functions in `../tax` do the work and validate again.
 */

const MONEY = /^-?\d+(\.\d{1,2})?$/;
const DECIMAL = /^\d+(\.\d+)?$/;

const moneyMessage = (label: string) =>
  `${label} als Dezimalzahl mit höchstens zwei Nachkommastellen angeben, z. B. 1.095,00.`;

/** Money string, may be negative (tax differences, Gewerbeertrag). */
export function moneySchema(label: string) {
  return z
    .string({ error: `${label} fehlt.` })
    .trim()
    .regex(MONEY, moneyMessage(label));
}

/** Money string that must not be negative. */
export function nonNegativeMoneySchema(label: string) {
  return moneySchema(label).refine((s) => !s.startsWith('-'), `${label} darf nicht negativ sein.`);
}

/** Non-negative decimal quantity (kW, ratios), any number of places. */
export function quantitySchema(label: string) {
  return z
    .string({ error: `${label} muss als Text angegeben werden, z. B. „1.500,5“.` })
    .trim()
    .regex(DECIMAL, `${label} als nicht negative Dezimalzahl angeben, z. B. 1.500,5.`);
}

export const agsSchema = z
  .string({ error: 'AGS fehlt.' })
  .trim()
  .regex(/^\d{8}$/, 'AGS muss aus 8 Ziffern bestehen.')
  .refine((ags) => bundeslandFromAgs(ags) !== null, 'AGS muss mit 01 bis 16 (Bundesland) beginnen.');

export const hebesatzSchema = z
  .number({ error: 'Hebesatz muss eine Zahl in Prozent sein, z. B. 400.' })
  .min(200, 'Der Hebesatz muss mindestens 200 % betragen (§ 16 Abs. 4 GewStG).')
  .max(9999, 'Der Hebesatz ist unplausibel hoch.');

export const erhebungszeitraumSchema = z.coerce
  .number({ error: 'Jahr muss eine Zahl sein.' })
  .int('Jahr muss eine ganze Zahl sein.')
  .min(1900, 'Jahr muss ab 1900 liegen.')
  .max(2200, 'Jahr muss bis 2200 liegen.');

const moneyOut = z.string();

// ---------------------------------------------------------------- Messbetrag

export const messbetragRequestSchema = z.object({
  gewerbeertrag: moneySchema('Gewerbeertrag'),
  rechtsform: z.enum(LEGAL_FORMS, { error: 'Unbekannte Rechtsform.' }),
  hebesatz: hebesatzSchema.nullish(),
});
export type MessbetragRequest = z.infer<typeof messbetragRequestSchema>;

export const messbetragResultSchema = z.object({
  gewerbeertrag_gerundet: moneyOut,
  freibetrag: moneyOut,
  messbetrag: moneyOut,
  steuer: moneyOut.optional(),
});
export type MessbetragResponse = z.infer<typeof messbetragResultSchema>;

// ---------------------------------------------------------------- Vorauszahlungen

export const quartalSchema = z
  .number({ error: 'Quartal muss eine Zahl sein.' })
  .int('Quartal muss eine ganze Zahl sein.')
  .min(1, 'Quartal muss zwischen 1 und 4 liegen.')
  .max(4, 'Quartal muss zwischen 1 und 4 liegen.');

export const vorauszahlungenRequestSchema = z.object({
  year: erhebungszeitraumSchema,
  letzte_steuer: nonNegativeMoneySchema('Letzte festgesetzte Steuer'),
  ags: agsSchema,
});
export type VorauszahlungenRequest = z.infer<typeof vorauszahlungenRequestSchema>;

export const vorauszahlungSchema = z.object({
  quartal: z.number().int().min(1).max(4),
  betrag: moneyOut,
  faellig_am: z.string(),
});

export const vorauszahlungenResultSchema = z.object({ quartale: z.array(vorauszahlungSchema) });
export type VorauszahlungenResponse = z.infer<typeof vorauszahlungenResultSchema>;

// ---------------------------------------------------------------- Abschlusszahlung

export const abschlusszahlungRequestSchema = z.object({
  steuer: nonNegativeMoneySchema('Festgesetzte Steuer'),
  vorauszahlungen: z
    .array(
      z.object({
        quartal: quartalSchema,
        betrag: nonNegativeMoneySchema('Vorauszahlung'),
        faellig_am: isoDateSchema,
        bezahlt: z.boolean({ error: 'Bitte angeben, ob die Vorauszahlung bezahlt wurde.' }),
      }),
      { error: 'Vorauszahlungen müssen eine Liste sein.' },
    )
    .default([]),
  aufgabe_zur_post: isoDateSchema,
  ags: agsSchema,
});
export type AbschlusszahlungRequest = z.infer<typeof abschlusszahlungRequestSchema>;

const zahlbetragSchema = z.object({ betrag: moneyOut, faellig_am: z.string().nullable() });

export const abschlusszahlungResultSchema = z.object({
  bekanntgabe: z.string(),
  soll_vorauszahlungen: moneyOut,
  abrechnung: moneyOut,
  angerechnet: moneyOut,
  faellig_nicht_bezahlt: moneyOut,
  unterschied: moneyOut,
  sofort: zahlbetragSchema,
  rest: zahlbetragSchema,
  erstattung: moneyOut,
  rechtsbehelfsfrist_bis: z.string(),
});
export type AbschlusszahlungResponse = z.infer<typeof abschlusszahlungResultSchema>;

// ---------------------------------------------------------------- Zerlegung

export const zerlegungArbeitnehmerSchema = z.object({
  lohn: nonNegativeMoneySchema('Arbeitslohn'),
  zuschlaege: nonNegativeMoneySchema('Zuschläge').optional(),
  gewinnabhaengig: nonNegativeMoneySchema('Gewinnabhängige Vergütung').optional(),
  auszubildend: z.boolean({ error: 'Auszubildend muss ja oder nein sein.' }).optional(),
  fremdpersonal: z.boolean({ error: 'Fremdpersonal muss ja oder nein sein.' }).optional(),
});

export const zerlegungZeileSchema = z
  .object({
    ags: agsSchema,
    geschaeftsleitung: z.boolean({ error: 'Geschäftsleitung muss ja oder nein sein.' }).default(false),
    hebesatz: hebesatzSchema.nullish(),
    arbeitnehmer: z.array(zerlegungArbeitnehmerSchema).optional(),
    arbeitsloehne: nonNegativeMoneySchema('Arbeitslöhne').optional(),
    installierte_leistung_kw: quantitySchema('Installierte Leistung').optional(),
    solar_neuanlagen_kw: quantitySchema('Leistung der Solar-Neuanlagen').optional(),
    solar_altanlagen_kw: quantitySchema('Leistung der Solar-Altanlagen').optional(),
    sachanlagevermoegen: nonNegativeMoneySchema('Sachanlagevermögen').optional(),
    manueller_anteil: quantitySchema('Manueller Anteil').optional(),
  })
  .refine((z) => z.arbeitnehmer === undefined || z.arbeitsloehne === undefined, {
    message: 'Entweder einzelne Arbeitnehmer oder die Summe der Arbeitslöhne angeben, nicht beides.',
    path: ['arbeitsloehne'],
  });

export const zerlegungRequestSchema = z
  .object({
    year: erhebungszeitraumSchema,
    messbetrag: nonNegativeMoneySchema('Messbetrag'),
    schluessel: z.enum(ZERLEGUNG_SCHLUESSEL, { error: 'Unbekannter Zerlegungsmaßstab.' }),
    rechtsform: z.enum(LEGAL_FORMS, { error: 'Unbekannte Rechtsform.' }),
    /** Absent: the installation's default (setting `zerlegung.rundung`), filled by the server. */
    rundung: z.enum(ZERLEGUNG_RUNDUNG, { error: 'Unbekannte Rundungsregel.' }).optional(),
    zeilen: z.array(zerlegungZeileSchema).min(1, 'Bitte mindestens eine Gemeinde angeben.'),
  })
  .refine((r) => r.zeilen.filter((z) => z.geschaeftsleitung).length === 1, {
    message: 'Genau eine Gemeinde muss Ort der Geschäftsleitung sein.',
    path: ['zeilen'],
  });
export type ZerlegungRequest = z.infer<typeof zerlegungRequestSchema>;

export const zerlegungZeileResultSchema = z.object({
  ags: z.string(),
  quellzeilen: z.array(z.number().int()),
  geschaeftsleitung: z.boolean(),
  arbeitsloehne_gerundet: moneyOut,
  quote: z.string(),
  anteil: moneyOut,
  hebesatz: z.number().nullable(),
  steuer: moneyOut.nullable(),
  kleinbetrag_umgelegt: z.boolean(),
});

export const zerlegungResultSchema = z.object({
  year: z.number().int(),
  schluessel: z.enum(ZERLEGUNG_SCHLUESSEL),
  messbetrag: moneyOut,
  zeilen: z.array(zerlegungZeileResultSchema),
  summe: z.object({ anteil: moneyOut, steuer: moneyOut.nullable() }),
  hinweise: z.array(z.string()),
});
export type ZerlegungResponse = z.infer<typeof zerlegungResultSchema>;

// ---------------------------------------------------------------- Interest (§233a AO)

export const INTEREST_KINDS = ['nachzahlung', 'erstattung'] as const;

/** Query of `GET interestrates/calculate` (startDate and endDate both inclusive). */
export const interestCalculateQuerySchema = z
  .object({
    amount: moneySchema('Betrag'),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    kind: z.enum(INTEREST_KINDS, { error: 'Art muss "nachzahlung" oder "erstattung" sein.' }).optional(),
  })
  .refine((q) => q.endDate >= q.startDate, {
    message: 'Das Ende des Zinslaufs darf nicht vor seinem Beginn liegen.',
    path: ['endDate'],
  });
export type InterestCalculateQuery = z.infer<typeof interestCalculateQuerySchema>;

export const interestPeriodResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  days: z.number().int(),
  interest: moneyOut,
});

export const interestCalculateResultSchema = z.object({
  base: moneyOut,
  months: z.number().int(),
  interest: moneyOut,
  kind: z.enum(INTEREST_KINDS),
  periods: z.array(interestPeriodResultSchema),
  note: z.string().optional(),
});
export type InterestCalculateResult = z.infer<typeof interestCalculateResultSchema>;

/** Percent per month, e.g. "0.15"; numbers are accepted and normalised to a string. */
export const interestRateValueSchema = z
  .union([z.string(), z.number()], { error: 'Zinssatz fehlt.' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,2}(\.\d{1,4})?$/, 'Zinssatz in Prozent pro Monat angeben, z. B. 0,15.'));

export const interestRateInputSchema = z.object({
  valid_from: isoDateSchema,
  rate: interestRateValueSchema,
});
export type InterestRateInput = z.input<typeof interestRateInputSchema>;

export const interestRateSchema = z.object({
  id: z.number().int(),
  valid_from: z.string(),
  rate: z.string(),
});
export type InterestRateEntry = z.infer<typeof interestRateSchema>;

export const defaultInterestPeriodInputSchema = z.object({
  year: erhebungszeitraumSchema,
  starts_at: isoDateSchema,
});
export type DefaultInterestPeriodInput = z.input<typeof defaultInterestPeriodInputSchema>;

export const defaultInterestPeriodSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  starts_at: z.string(),
});
export type DefaultInterestPeriodEntry = z.infer<typeof defaultInterestPeriodSchema>;

// ---------------------------------------------------------------- Säumniszuschlag (§240 AO)

export const saeumniszuschlagRequestSchema = z.object({
  rueckstand: nonNegativeMoneySchema('Rückstand'),
  faellig_am: isoDateSchema,
  gezahlt_am: isoDateSchema,
  ags: agsSchema.optional(),
});
export type SaeumniszuschlagRequest = z.infer<typeof saeumniszuschlagRequestSchema>;

export const saeumniszuschlagResultSchema = z.object({
  /** The due date the surcharge runs from: moved to a working day when an AGS is given. */
  faellig_am: z.string(),
  basis: moneyOut,
  verspaetung_tage: z.number().int(),
  monate: z.number().int(),
  zuschlag: moneyOut,
  schonfrist: z.boolean(),
});
