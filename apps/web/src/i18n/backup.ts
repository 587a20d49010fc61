import { RESTORE_CONFIRMATION } from '@gewst/domain';

/** German texts of Admin → Backup. */
export const deBackup = {
  title: 'Sicherungen',
  hint:
    'Eine Sicherung enthält alle Daten (Datenbank) und alle gespeicherten Dateien mit Prüfsummen. ' +
    'Nicht enthalten sind die Schlüssel und Sitzungen der Anmeldung: Nach einer Wiederherstellung bleiben alle angemeldet.',
  create: 'Sicherung erstellen',
  upload: 'Sicherung hochladen',
  uploading: 'Archiv wird hochgeladen …',
  uploaded: (name: string) => `Sicherung ${name} hochgeladen.`,
  started: 'Die Sicherung läuft. Sie erscheint nach Abschluss in der Liste.',
  scheduleOn: (time: string, keep: number, next: string) =>
    `Automatische Sicherung täglich um ${time} Uhr; die letzten ${keep} automatischen Sicherungen werden behalten. Nächste: ${next}.`,
  scheduleOff: 'Die automatische tägliche Sicherung ist ausgeschaltet (BACKUP_TIME=aus).',
  version: (app: string, schema: string) =>
    `Diese Installation: GewSt Desk ${app}, Datenbankstand ${schema}.`,
  running: {
    backup: (name: string) => `Sicherung ${name} wird erstellt`,
    restore: (name: string) =>
      `Sicherung ${name} wird wiederhergestellt – GewSt Desk ist währenddessen nicht benutzbar`,
    step: (phase: string, done: number, total: number) =>
      total > 0 ? `${phase} (${done} von ${total})` : phase,
  },
  empty: 'Es gibt noch keine Sicherung.',
  emptyHint: 'Erstellen Sie die erste Sicherung oder laden Sie ein Archiv hoch.',
  columns: {
    createdAt: 'Erstellt am',
    kind: 'Art',
    size: 'Größe',
    content: 'Inhalt',
    schema: 'Datenbankstand',
    createdBy: 'Erstellt von',
  },
  content: (rows: string, files: string) => `${rows} Datensätze, ${files} Dateien`,
  incompatible: 'nicht einspielbar',
  download: (name: string) => `${name} herunterladen`,
  restore: (name: string) => `${name} wiederherstellen`,
  remove: (name: string) => `${name} löschen`,
  deleteTitle: 'Sicherung löschen?',
  deleteText: (date: string) => `Die Sicherung vom ${date} wird endgültig gelöscht.`,
  deleted: 'Sicherung gelöscht.',
  restoreDialog: {
    title: 'Sicherung wiederherstellen',
    text: (date: string, rows: string, files: string) =>
      `Alle Daten dieser Installation werden durch den Stand vom ${date} ersetzt (${rows} Datensätze, ${files} Dateien). ` +
      'Änderungen seit dieser Sicherung gehen verloren. Das Archiv wird vorher vollständig geprüft; ' +
      'während der Wiederherstellung ist GewSt Desk für alle nicht benutzbar.',
    label: `Zum Bestätigen ${RESTORE_CONFIRMATION} eingeben`,
    confirm: 'Wiederherstellen',
  },
  restoreStarted: 'Die Wiederherstellung läuft.',
} as const;
