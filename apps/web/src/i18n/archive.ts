/** Texts of the archive (/archiv). */
export const archiveTexts = {
  title: 'Archiv',
  intro: (company: string) =>
    `Archivierte Dokumente und Buchungsstapel der ${company}. Sie fehlen im Posteingang und in den Stapellisten, zählen aber weiter in Zahlungsdaten und Berichten.`,
  noCompany: 'Bitte oben eine Firma wählen.',
  filters: {
    kind: 'Art',
    all: 'Alle',
    year: 'Jahr',
    gemeinde: 'Gemeinde',
    search: 'Suche',
    searchHint: 'Dateiname, Inhalt, Buchungstext, Stapelnummer – Enter sucht',
  },
  kinds: { dokument: 'Dokumente', stapel: 'Buchungsstapel' },
  kind: { dokument: 'Dokument', stapel: 'Buchungsstapel' },
  columns: {
    kind: 'Art',
    title: 'Bezeichnung',
    type: 'Typ',
    year: 'Jahr',
    gemeinde: 'Gemeinde',
    status: 'Status',
    archivedAt: 'Archiviert',
    actions: 'Aktionen',
  },
  open: 'Ansehen (schreibgeschützt)',
  restore: 'Wiederherstellen',
  confirmTitle: (title: string) => `„${title}“ wiederherstellen?`,
  confirmDocument:
    'Das Dokument kommt zurück in den Posteingang und kann wieder bearbeitet werden. Die Wiederherstellung steht im Audit-Log.',
  confirmSession:
    'Der Stapel kommt zurück in die Stapelliste (Status unverändert). Die Wiederherstellung steht im Stapelprotokoll und im Audit-Log.',
  restored: (title: string) => `„${title}“ wiederhergestellt.`,
  empty: 'Nichts archiviert',
  emptyHint:
    'Dokumente werden in der Dokumentansicht archiviert, exportierte oder stornierte Stapel in der Stapelansicht.',
  emptyFiltered: 'Keine Treffer für diese Filter.',
  unclassified: 'nicht klassifiziert',
};
