/**
 * The document vocabulary, once for the whole product: notice types, the canonical fields
 * of each type (DOMAIN.md), their German labels and their value formats. Used by the
 * extraction engine (packages/extraction), the server, the web app and the benchmark.
 */

export const DOCUMENT_TYPES = [
  'gewst_bescheid',
  'vorauszahlungsbescheid',
  'zinsbescheid',
  'messbescheid',
  'zerlegungsbescheid',
  'mahnung',
  'sonstiges',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  gewst_bescheid: 'Gewerbesteuerbescheid',
  vorauszahlungsbescheid: 'Vorauszahlungsbescheid',
  zinsbescheid: 'Zinsbescheid',
  messbescheid: 'Messbescheid',
  zerlegungsbescheid: 'Zerlegungsbescheid',
  mahnung: 'Mahnung',
  sonstiges: 'Sonstiges',
};

/** Types sent by a municipality (the others come from the Finanzamt, or from anyone). */
export const MUNICIPAL_DOCUMENT_TYPES: readonly DocumentType[] = [
  'gewst_bescheid',
  'vorauszahlungsbescheid',
  'zinsbescheid',
  'mahnung',
];

/** Fields every municipal notice carries (sender and payment details). */
export const MUNICIPAL_FIELDS = ['gemeinde', 'ags', 'kassenzeichen', 'steuernummer', 'iban', 'bic'] as const;

/** Canonical fields per type (DOMAIN.md), in display order. */
export const DOCUMENT_TYPE_FIELDS: Readonly<Record<DocumentType, readonly string[]>> = {
  gewst_bescheid: [
    'erhebungszeitraum',
    'bescheid_datum',
    ...MUNICIPAL_FIELDS,
    'messbetrag',
    'hebesatz',
    'festgesetzte_steuer',
    'bisher_festgesetzt',
    'abrechnung',
    'vorauszahlungen',
    'faellig_am',
    'zinsen',
    'zinsen_von',
    'zinsen_bis',
  ],
  vorauszahlungsbescheid: [
    'erhebungszeitraum',
    'bescheid_datum',
    ...MUNICIPAL_FIELDS,
    'messbetrag',
    'hebesatz',
    'vorauszahlungen',
  ],
  zinsbescheid: [
    'erhebungszeitraum',
    'bescheid_datum',
    ...MUNICIPAL_FIELDS,
    'zinsen',
    'zinsen_von',
    'zinsen_bis',
    'faellig_am',
  ],
  messbescheid: [
    'erhebungszeitraum',
    'bescheid_datum',
    'steuernummer',
    'gewerbeertrag',
    'freibetrag',
    'messbetrag',
  ],
  zerlegungsbescheid: ['erhebungszeitraum', 'bescheid_datum', 'steuernummer', 'zerlegungsanteile'],
  mahnung: [
    'erhebungszeitraum',
    'bescheid_datum',
    ...MUNICIPAL_FIELDS,
    'rueckstand',
    'saeumniszuschlag',
    'faellig_am',
  ],
  sonstiges: ['erhebungszeitraum', 'bescheid_datum', 'gemeinde'],
} satisfies Record<DocumentType, readonly DocumentFieldName[]>;

/**
 * Value format of each canonical field (DOMAIN.md "Canonical extracted fields"):
 * - money: decimal string with two places, "-" for refunds ("2021.60", "-150.00");
 * - date: ISO calendar date ("2016-08-25"); percent: number (490); year: integer;
 * - ags: 8 digits; iban: checksum-valid, no spaces; bic: 8 or 11 characters;
 * - steuernummer: as printed without spaces ("21/815/08150"); text: as printed;
 * - vorauszahlungen: [{ jahr, quartal, betrag, faellig_am }]; zerlegungsanteile: [{ gemeinde, ags, anteil }].
 */
export const DOCUMENT_FIELD_FORMATS = {
  erhebungszeitraum: 'year',
  bescheid_datum: 'date',
  gemeinde: 'text',
  ags: 'ags',
  kassenzeichen: 'kassenzeichen',
  steuernummer: 'steuernummer',
  iban: 'iban',
  bic: 'bic',
  messbetrag: 'money',
  hebesatz: 'percent',
  festgesetzte_steuer: 'money',
  bisher_festgesetzt: 'money',
  abrechnung: 'money',
  faellig_am: 'date',
  vorauszahlungen: 'vorauszahlungen',
  zinsen: 'money',
  zinsen_von: 'date',
  zinsen_bis: 'date',
  saeumniszuschlag: 'money',
  rueckstand: 'money',
  gewerbeertrag: 'money',
  freibetrag: 'money',
  zerlegungsanteile: 'zerlegungsanteile',
} as const;
export type DocumentFieldName = keyof typeof DOCUMENT_FIELD_FORMATS;
export type DocumentFieldFormat = (typeof DOCUMENT_FIELD_FORMATS)[DocumentFieldName];
export const DOCUMENT_FIELD_NAMES = Object.keys(DOCUMENT_FIELD_FORMATS) as DocumentFieldName[];

export const DOCUMENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  erhebungszeitraum: 'Erhebungszeitraum',
  bescheid_datum: 'Bescheiddatum',
  gemeinde: 'Gemeinde',
  ags: 'AGS',
  kassenzeichen: 'Kassenzeichen',
  steuernummer: 'Steuernummer',
  messbetrag: 'Messbetrag',
  hebesatz: 'Hebesatz',
  festgesetzte_steuer: 'Festgesetzte Steuer',
  bisher_festgesetzt: 'Bisher festgesetzt',
  abrechnung: 'Abrechnung (Zu-/Abgang)',
  faellig_am: 'Fällig am',
  vorauszahlungen: 'Vorauszahlungen',
  zinsen: 'Zinsen',
  zinsen_von: 'Zinslauf von',
  zinsen_bis: 'Zinslauf bis',
  saeumniszuschlag: 'Säumniszuschlag',
  rueckstand: 'Rückstand',
  gewerbeertrag: 'Gewerbeertrag',
  freibetrag: 'Freibetrag',
  zerlegungsanteile: 'Zerlegungsanteile',
  iban: 'IBAN',
  bic: 'BIC',
} satisfies Record<DocumentFieldName, string>;

/** True when `name` is a canonical field of some type. */
export const isDocumentFieldName = (name: string): name is DocumentFieldName =>
  Object.hasOwn(DOCUMENT_FIELD_FORMATS, name);
