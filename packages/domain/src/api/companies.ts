import { z } from 'zod';
import { HEX_COLOR_PATTERN } from '../color';
import { optionalText } from './common';

export const LEGAL_FORMS = [
  'kapitalgesellschaft',
  'personengesellschaft',
  'einzelunternehmen',
  'sonstige',
] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];
export const LEGAL_FORM_LABELS: Record<LegalForm, string> = {
  kapitalgesellschaft: 'Kapitalgesellschaft',
  personengesellschaft: 'Personengesellschaft',
  einzelunternehmen: 'Einzelunternehmen',
  sonstige: 'sonstige juristische Person',
};

export const CHARTS_OF_ACCOUNTS = ['SKR03', 'SKR04'] as const;

export const companyInputSchema = z.object({
  name: z
    .string({ error: 'Name fehlt.' })
    .trim()
    .min(1, 'Bitte einen Namen angeben.')
    .max(200, 'Der Name darf höchstens 200 Zeichen lang sein.'),
  main_color: z
    .string({ error: 'Hauptfarbe muss Text sein.' })
    .trim()
    .regex(HEX_COLOR_PATTERN, 'Hauptfarbe muss eine Hex-Farbe mit 3 oder 6 Stellen sein, z. B. #1264af.'),
  legal_form: z.enum(LEGAL_FORMS, { error: 'Unbekannte Rechtsform.' }).default('kapitalgesellschaft'),
  steuernummer: optionalText(40, 'Steuernummer'),
  finanzamt: optionalText(200, 'Finanzamt'),
  ags_geschaeftsleitung: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'AGS muss aus 8 Ziffern bestehen.')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  chart_of_accounts: z
    .enum(CHARTS_OF_ACCOUNTS, { error: 'Kontenrahmen muss SKR03 oder SKR04 sein.' })
    .default('SKR03'),
});
export type CompanyInput = z.input<typeof companyInputSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  main_color: z.string().nullable(),
  legal_form: z.enum(LEGAL_FORMS),
  steuernummer: z.string().nullable(),
  finanzamt: z.string().nullable(),
  ags_geschaeftsleitung: z.string().nullable(),
  chart_of_accounts: z.enum(CHARTS_OF_ACCOUNTS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;
