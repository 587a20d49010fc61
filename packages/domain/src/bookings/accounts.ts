import { z } from 'zod';

/**
 * Account mapping of a company (DOMAIN.md §5): one account per purpose, the chart it comes
 * from, the DATEV numbers and the fiscal year. Stored per company through the settings
 * module; a booking keeps the accounts it was generated with, so a change of the mapping
 * affects only bookings generated afterwards.
 */

export const ACCOUNT_PURPOSES = [
  'expense',
  'provision',
  'prior_year',
  'release',
  'receivable',
  'interest_expense',
  'refund_interest',
  'surcharges',
  'bank',
] as const;
export type AccountPurpose = (typeof ACCOUNT_PURPOSES)[number];

export const ACCOUNT_PURPOSE_LABELS: Record<AccountPurpose, string> = {
  expense: 'Gewerbesteuer laufendes Jahr (auch Vorauszahlungen)',
  provision: 'Gewerbesteuerrückstellung',
  prior_year: 'Gewerbesteuer Vorjahre (Nachzahlung/Erstattung)',
  release: 'Auflösung der Gewerbesteuerrückstellung',
  receivable: 'Forderung aus Steuerüberzahlung',
  interest_expense: 'Zinsen § 233a AO (nicht abzugsfähig)',
  refund_interest: 'Erstattungszinsen § 233a AO (steuerpflichtig)',
  surcharges: 'Säumniszuschläge (nicht abzugsfähig)',
  bank: 'Bank / Verrechnungskonto',
};

/** Short names for tables (the account number comes first). */
export const ACCOUNT_PURPOSE_SHORT: Record<AccountPurpose, string> = {
  expense: 'GewSt-Aufwand',
  provision: 'GewSt-Rückstellung',
  prior_year: 'GewSt Vorjahre',
  release: 'Auflösung Rückstellung',
  receivable: 'Forderung Überzahlung',
  interest_expense: 'Zinsen § 233a AO',
  refund_interest: 'Erstattungszinsen',
  surcharges: 'Säumniszuschläge',
  bank: 'Bank/Verrechnung',
};

export const CHARTS = ['SKR03', 'SKR04'] as const;
export type Chart = (typeof CHARTS)[number];

/**
 * DOMAIN.md §5. The counter account defaults to the bank account of the chart; a company
 * that books tax liabilities through a clearing account enters it instead (e.g. SKR03
 * 1736 / SKR04 3700 "Verbindlichkeiten aus Steuern und Abgaben").
 */
export const ACCOUNT_PRESETS: Record<Chart, Record<AccountPurpose, string>> = {
  SKR03: {
    expense: '4320',
    provision: '0956',
    prior_year: '2281',
    release: '2283',
    receivable: '1540',
    interest_expense: '2105',
    refund_interest: '2657',
    surcharges: '2102',
    bank: '1200',
  },
  SKR04: {
    expense: '7610',
    provision: '3035',
    prior_year: '7641',
    release: '7643',
    receivable: '1435',
    interest_expense: '7308',
    refund_interest: '7105',
    surcharges: '7302',
    bank: '1800',
  },
};

/**
 * A preset for a longer Sachkontenlänge: DATEV extends general-ledger accounts with zeros
 * on the right (4320 → 432000 for length 6).
 */
export function presetAccounts(chart: Chart, accountLength = 4): Record<AccountPurpose, string> {
  const preset = ACCOUNT_PRESETS[chart];
  return Object.fromEntries(ACCOUNT_PURPOSES.map((p) => [p, preset[p].padEnd(accountLength, '0')])) as Record<
    AccountPurpose,
    string
  >;
}

const accountSchema = z
  .string({ error: 'Konto fehlt.' })
  .trim()
  .regex(/^\d{4,8}$/, 'Ein Sachkonto besteht aus 4 bis 8 Ziffern.');

const fiscalYearStartSchema = z
  .string({ error: 'Beginn des Wirtschaftsjahres fehlt.' })
  .regex(/^\d{2}-\d{2}$/, 'Beginn des Wirtschaftsjahres als MM-TT angeben, z. B. 01-01.')
  .refine((s) => {
    const [m, d] = s.split('-').map(Number) as [number, number];
    return m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(2001, m, 0)).getUTCDate();
  }, 'Kein gültiger Tag (MM-TT, ohne 29.02.).');

export const accountMappingSchema = z
  .object({
    chart: z.enum(CHARTS, { error: 'Kontenrahmen muss SKR03 oder SKR04 sein.' }),
    accounts: z.object(
      Object.fromEntries(ACCOUNT_PURPOSES.map((p) => [p, accountSchema])) as Record<
        AccountPurpose,
        typeof accountSchema
      >,
    ),
    /** DATEV Beraternummer (1001–9999999); needed by the export. */
    datev_berater: z
      .number({ error: 'Beraternummer muss eine Zahl sein.' })
      .int('Beraternummer muss eine ganze Zahl sein.')
      .min(1001, 'Beraternummer liegt zwischen 1001 und 9999999.')
      .max(9999999, 'Beraternummer liegt zwischen 1001 und 9999999.')
      .nullable(),
    /** DATEV Mandantennummer (1–99999); needed by the export. */
    datev_mandant: z
      .number({ error: 'Mandantennummer muss eine Zahl sein.' })
      .int('Mandantennummer muss eine ganze Zahl sein.')
      .min(1, 'Mandantennummer liegt zwischen 1 und 99999.')
      .max(99999, 'Mandantennummer liegt zwischen 1 und 99999.')
      .nullable(),
    /** Start of the fiscal year, MM-DD (WJ-Beginn). */
    fiscal_year_start: fiscalYearStartSchema,
    /** Sachkontenlänge 4–8. */
    account_length: z
      .number({ error: 'Sachkontenlänge muss eine Zahl sein.' })
      .int()
      .min(4, 'Die Sachkontenlänge liegt zwischen 4 und 8.')
      .max(8, 'Die Sachkontenlänge liegt zwischen 4 und 8.'),
  })
  .superRefine((v, ctx) => {
    for (const p of ACCOUNT_PURPOSES) {
      const account = v.accounts[p];
      if (account.length !== v.account_length)
        ctx.addIssue({
          code: 'custom',
          path: ['accounts', p],
          message: `Das Konto muss ${v.account_length} Stellen haben (Sachkontenlänge).`,
        });
    }
  });
export type AccountMapping = z.infer<typeof accountMappingSchema>;

/** The mapping a company starts with: the preset of its chart, calendar fiscal year, 4 digits. */
export function defaultAccountMapping(chart: Chart = 'SKR03'): AccountMapping {
  return {
    chart,
    accounts: presetAccounts(chart, 4),
    datev_berater: null,
    datev_mandant: null,
    fiscal_year_start: '01-01',
    account_length: 4,
  };
}

/**
 * The Erhebungszeitraum the fiscal year containing `date` (YYYY-MM-DD) belongs to: the
 * calendar year in which that fiscal year ends (§10 Abs.2 GewStG).
 */
export function fiscalYearOf(date: string, fiscalYearStart: string): number {
  const year = Number(date.slice(0, 4));
  if (fiscalYearStart === '01-01') return year;
  const startsThisYear = date.slice(5) >= fiscalYearStart;
  // A fiscal year starting in this calendar year ends in the next one.
  return startsThisYear ? year + 1 : year;
}
