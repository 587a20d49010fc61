/** German texts of the Service screens (Stand der Bearbeitung, Importe). */
export const serviceTexts = {
  processing: {
    title: (year: number) => `Stand der Bearbeitung ${year}`,
    year: 'Jahr',
    yearHint: 'Jahr zwischen 1990 und 2100',
    type: 'Bescheidart',
    allTypes: 'alle Bescheidarten',
    export: 'Excel-Export',
    downloading: 'Export läuft …',
    current: 'Aktuelles Jahr anzeigen',
    badYear: (value: string) => `„${value}“ ist kein gültiges Jahr (1990 bis 2100).`,
    badType: (value: string) => `„${value}“ ist keine bekannte Bescheidart.`,
    progressText: (arrived: string, done: string, expected: string) =>
      `${arrived} von ${expected} eingegangen, ${done} geprüft oder gebucht`,
    progressLabel: (label: string) => `Fortschritt ${label}`,
    gapsTitle: (n: number) => (n === 0 ? 'Lücken' : `Lücken (${n})`),
    noGaps: 'Keine Lücken: alle erwarteten Bescheide sind eingegangen.',
    nothingExpected: 'Für dieses Jahr werden keine Bescheide erwartet (keine gültige Betriebsstätte).',
    tableLabel: 'Erwartete Bescheide',
    columns: {
      type: 'Bescheidart',
      company: 'Firma',
      establishment: 'Betriebsstätte',
      municipality: 'Gemeinde',
      state: 'Stand',
      documents: 'Dokumente',
    },
  },
};
