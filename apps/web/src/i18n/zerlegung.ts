import type { ZerlegungSchluessel } from '@gewst/domain';
import type { KeyField } from '../areas/zerlegung/lines';

/** German texts of the GewSt-Zerlegung screens. */
export const deZerlegung = {
  list: {
    add: 'Neue Zerlegung',
    year: 'Jahr',
    allYears: 'Alle Jahre',
    company: 'Firma',
    version: 'Version',
    schluessel: 'Maßstab',
    messbetrag: 'Messbetrag',
    gemeinden: 'Gemeinden',
    steuer: 'Erwartete Steuer',
    updated: 'Stand',
    open: (year: number) => `Zerlegung ${year} öffnen`,
    empty: 'Für diese Firma ist noch keine Zerlegung gespeichert.',
    noCompany: 'Bitte oben eine Firma wählen.',
  },
  schluessel: {
    arbeitslohn: 'Arbeitslohn (§ 29 Abs. 1 Nr. 1)',
    wind_solar: 'Wind/Solar (§ 29 Abs. 1 Nr. 2)',
    speicher: 'Energiespeicher (§ 29 Abs. 1 Nr. 3)',
    manuell: 'Vereinbart (§ 33)',
  } satisfies Record<ZerlegungSchluessel, string>,
  form: {
    company: 'Firma',
    year: 'Erhebungszeitraum',
    messbetrag: 'Messbetrag (€)',
    schluessel: 'Maßstab',
    bemerkung: 'Bemerkung zur Version',
    lines: 'Gemeinden',
    name: 'Bezeichnung',
    ags: 'Gemeinde (AGS)',
    gl: 'GL',
    glLabel: (row: number) => `Geschäftsleitung in Zeile ${row}`,
    wages: 'Arbeitslöhne (€)',
    wagesOf: (row: number) => `Arbeitslöhne Zeile ${row}`,
    agsOf: (row: number) => `Gemeinde (AGS) Zeile ${row}`,
    nameOf: (row: number) => `Bezeichnung Zeile ${row}`,
    hebesatzOf: (row: number) => `Hebesatz Zeile ${row}`,
    /** Input columns of the key (header with unit, short name for the row label, hint). */
    fields: {
      arbeitsloehne: {
        label: 'Arbeitslöhne (€)',
        short: 'Arbeitslöhne',
        hint: 'Arbeitslöhne nach § 31 GewStG (höchstens 50.000 € je Arbeitnehmer, ohne Auszubildende und Fremdpersonal).',
      },
      sachanlagevermoegen: {
        label: 'Sachanlagevermögen (€)',
        short: 'Sachanlagevermögen',
        hint: 'Sachanlagevermögen je Gemeinde (Maßstab bis EZ 2020: 7/10).',
      },
      installierte_leistung_kw: {
        label: 'Installierte Leistung (kW)',
        short: 'Installierte Leistung',
        hint: 'Installierte Leistung der Anlagen in der Gemeinde, in kW.',
      },
      solar_neuanlagen_kw: {
        label: 'Solar-Neuanlagen (kW)',
        short: 'Solar-Neuanlagen',
        hint: 'Solaranlagen, genehmigt nach dem 30.06.2013: 1/10 Arbeitslohn und 9/10 installierte Leistung.',
      },
      solar_altanlagen_kw: {
        label: 'Solar-Altanlagen (kW)',
        short: 'Solar-Altanlagen',
        hint: 'Solaranlagen, genehmigt bis 30.06.2013: ihr Teil des Messbetrags wird nach Arbeitslohn zerlegt.',
      },
      manueller_anteil: {
        label: 'Anteil (Verhältniszahl)',
        short: 'Anteil',
        hint: 'Vereinbarte Verhältniszahlen (z. B. Prozent); sie werden zueinander ins Verhältnis gesetzt.',
      },
    } satisfies Record<KeyField, { label: string; short: string; hint: string }>,
    fieldOf: (short: string, row: number) => `${short} Zeile ${row}`,
    wagesPerEmployee: (n: number) => `aus ${n} Arbeitnehmer(n); Eingabe ersetzt die Liste`,
    /** The key of the EZ in one sentence (§ 29 GewStG). */
    keyRule: (schluessel: ZerlegungSchluessel, year: number): string => {
      const ez = Number.isInteger(year) && year > 0 ? year : null;
      const from = ez ? `EZ ${ez}: ` : '';
      switch (schluessel) {
        case 'arbeitslohn':
          return `${from}Zerlegung nach Arbeitslöhnen (je Gemeinde auf volle 1.000 € abgerundet).`;
        case 'manuell':
          return `${from}Zerlegung nach den vereinbarten Anteilen (§ 33 GewStG).`;
        case 'speicher':
          return ez != null && ez < 2025
            ? 'Der Speicher-Maßstab gilt erst ab dem Erhebungszeitraum 2025.'
            : `${from}1/10 nach Arbeitslöhnen, 9/10 nach installierter Leistung.`;
        case 'wind_solar':
          if (ez != null && ez < 2009)
            return 'Der Wind-/Solar-Maßstab gilt erst ab dem Erhebungszeitraum 2009.';
          if (ez != null && ez <= 2020)
            return `${from}3/10 nach Arbeitslöhnen, 7/10 nach Sachanlagevermögen.`;
          if (ez != null && ez <= 2023)
            return `${from}1/10 nach Arbeitslöhnen, 9/10 nach installierter Leistung. Übergangsregel Solar: Sind nur Solaranlagen vorhanden, Leistung nach Neuanlagen (genehmigt nach dem 30.06.2013) und Altanlagen aufteilen; der Teil der Altanlagen wird nach Arbeitslöhnen zerlegt.`;
          return `${from}1/10 nach Arbeitslöhnen, 9/10 nach installierter Leistung.`;
      }
    },
    hebesatz: 'Hebesatz %',
    hebesatzHint: 'leer = aus Stammdaten bzw. Referenztabelle',
    addLine: 'Zeile hinzufügen',
    removeLine: (row: number) => `Zeile ${row} entfernen`,
    prefill: 'Aus Stammdaten übernehmen',
    prefilled: (n: number) => `${n} Betriebsstätte(n) aus den Stammdaten übernommen.`,
    importXlsx: 'Löhne aus Excel importieren',
    imported: (n: number, art: string) =>
      `${n} Gemeinde(n) importiert (${art === 'arbeitnehmer' ? 'je Arbeitnehmer' : 'je Gemeinde'}).`,
    importHint:
      'Excel-Datei mit den Spalten „AGS“ und „Arbeitslöhne“ (je Gemeinde) oder „AGS“ und „Lohn“ (je Arbeitnehmer, optional Zuschläge, Auszubildend, Fremdpersonal).',
    save: 'Speichern',
    saveVersion: 'Als neue Version speichern',
    saved: (version: number) => `Zerlegung gespeichert (Version ${version}).`,
    cancel: 'Abbrechen',
    preview: 'Vorschau',
    previewHint: 'Die Vorschau rechnet im Browser; maßgeblich ist das Ergebnis des Servers beim Speichern.',
    previewInvalid: 'Noch keine Vorschau möglich:',
    previewEmpty: 'Die Vorschau erscheint, sobald Messbetrag und Gemeinden eingetragen sind.',
  },
  view: {
    edit: 'Bearbeiten',
    version: 'Version',
    versionOf: (v: number, date: string, by: string | null) =>
      `Version ${v} vom ${date}${by ? ` (${by})` : ''}`,
    current: 'aktuell',
    exportXlsx: 'Excel exportieren',
    exportPdf: 'PDF exportieren',
    delete: 'Zerlegung löschen',
    deleteTitle: 'Zerlegung löschen?',
    deleteText: 'Die Zerlegung wird mit allen Versionen gelöscht.',
    deleted: 'Zerlegung gelöscht.',
    notFound: 'Diese Zerlegung gibt es nicht.',
    result: 'Ergebnis',
    notes: 'Hinweise',
  },
  table: {
    gemeinde: 'Gemeinde',
    ags: 'AGS',
    gl: 'GL',
    loehne: 'Löhne (gerundet)',
    quote: 'Quote',
    anteil: 'Zerlegungsanteil',
    hebesatz: 'Hebesatz',
    steuer: 'Erwartete Steuer',
    kleinbetrag: '§ 34: an Geschäftsleitung',
    bescheid: 'Laut Bescheid',
    abweichung: 'Abweichung',
    sum: 'Summe aller Gemeinden',
    sumMatches: (messbetrag: string) => `Die Summe der Anteile entspricht dem Messbetrag von ${messbetrag}.`,
    sumDeviates: (summe: string, messbetrag: string, difference: string) =>
      `Die Summe der Anteile (${summe}) weicht um ${difference} vom Messbetrag (${messbetrag}) ab.`,
    glYes: 'Geschäftsleitung',
  },
} as const;
