import { createHash } from 'node:crypto';
import { berlinDateTimeParts } from '@gewst/domain';
import { AppError } from '../../http/errors';
import { DATEV_COLUMNS } from './datev-columns';
import { encodeCp1252, toCents, toCp1252 } from './text';
import type { DatevConfig, ExportBooking, ExportMessage, ExportSession, IsoDate } from './types';

/**
 * DATEV EXTF "Buchungsstapel" writer: version 700, category 21, format version 13, 125
 * columns (rules and pitfalls: docs/datev-extf.md).
 *
 * - Windows-1252, `;`, CR LF, text quoted with inner quotes doubled, numbers bare.
 * - Amount always positive with decimal comma and two decimals; the side is "S"/"H".
 * - Belegdatum `TTMM`: the year comes from the header period, so a session touching two
 *   fiscal years becomes two files ("parts"), one per fiscal year.
 * - Reversals are reversing bookings (the bookings module generates them with the same
 *   Konto/Gegenkonto and the side swapped); the Generalumkehr column stays empty
 *   (see docs/decisions.md).
 * - Field lengths and the Belegfeld character set are checked again here; a violation
 *   fails the export with every problem named. Characters Windows-1252 lacks are
 *   transliterated and reported in `messages`.
 * - The output depends only on the input (no clock): a repeat writes the same bytes.
 */

export const BELEGFELD_CHARS = /^[0-9A-Za-z$&%*+\-/]*$/;
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CRLF = '\r\n';
const HEADINGS = DATEV_COLUMNS.map((c) => c.name).join(';');
/** 0-based positions of the columns we fill (DATEV numbers them from 1). */
const COL = {
  umsatz: 0,
  sollHaben: 1,
  wkz: 2,
  konto: 6,
  gegenkonto: 7,
  belegdatum: 9,
  belegfeld1: 10,
  belegfeld2: 11,
  buchungstext: 13,
  beleginfo: 20,
  kost1: 36,
  kost2: 37,
  veranlagungsjahr: 91,
  guid: 102,
  festschreibung: 113,
  faelligkeit: 116,
} as const;
/** The empty line: text columns `""`, number columns nothing, as in DATEV's sample. */
const EMPTY_LINE: readonly string[] = DATEV_COLUMNS.map((c) => (c.text ? '""' : ''));

export interface DatevPart {
  /** 1-based, in the order of the fiscal years. */
  part: number;
  /** First day of the fiscal year (WJ-Beginn). */
  fiscalYearStart: IsoDate;
  from: IsoDate;
  to: IsoDate;
  fileName: string;
  bytes: Buffer;
  sha256: string;
  bookingIds: number[];
}

export interface DatevResult {
  parts: DatevPart[];
  messages: ExportMessage[];
}

const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `1529.5` → `1529,50` (decimal comma, two decimals, no thousands separator). */
export function datevAmount(amount: string): string {
  const cents = toCents(amount);
  return `${cents / 100n},${pad(Number(cents % 100n))}`;
}

/** First day of the fiscal year containing `date`, for a fiscal year starting on `wjBeginn` (MM-DD). */
export function fiscalYearStart(date: IsoDate, wjBeginn: string): IsoDate {
  const year = Number(date.slice(0, 4));
  return `${date.slice(5) >= wjBeginn ? year : year - 1}-${wjBeginn}`;
}

/** "2026" for a calendar fiscal year, "2025-26" for one from 1 July 2025. */
export function fiscalYearLabel(start: IsoDate): string {
  const year = Number(start.slice(0, 4));
  return start.slice(5) === '01-01' ? String(year) : `${year}-${String(year + 1).slice(2)}`;
}

/** `YYYYMMDDHHMMSSmmm` in German local time. */
function createdStamp(at: Date): string {
  const parts = berlinDateTimeParts(at);
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${pad(at.getUTCMilliseconds(), 3)}`;
}

const isoCompact = (d: IsoDate) => d.replaceAll('-', '');

export function datevFileName(sessionId: number, fiscalYearStart: IsoDate, part: number): string {
  return `EXTF_Buchungsstapel_S${sessionId}_WJ${fiscalYearLabel(fiscalYearStart)}_T${part}.csv`;
}

class Problems {
  readonly errors: Record<string, string[]> = {};
  add(key: string, message: string) {
    (this.errors[key] ??= []).push(message);
  }
  throwIfAny() {
    const all = Object.values(this.errors).flat();
    if (!all.length) return;
    const more = all.length > 1 ? ` (und ${all.length - 1} weitere Fehler)` : '';
    throw new AppError(422, 'EXPORT_INVALID', `DATEV-Export nicht möglich: ${all[0]}${more}`, this.errors);
  }
}

function checkConfig(c: DatevConfig, p: Problems) {
  const int = (v: number, min: number, max: number) => Number.isInteger(v) && v >= min && v <= max;
  if (!int(c.beraternummer, 1001, 9999999))
    p.add('datev.beraternummer', 'Die Beraternummer muss zwischen 1001 und 9999999 liegen.');
  if (!int(c.mandantennummer, 1, 99999))
    p.add('datev.mandantennummer', 'Die Mandantennummer muss zwischen 1 und 99999 liegen.');
  if (!int(c.sachkontenlaenge, 4, 8))
    p.add('datev.sachkontenlaenge', 'Die Sachkontenlänge muss zwischen 4 und 8 liegen.');
  if (!/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(c.wjBeginn) || !validDate(`2001-${c.wjBeginn}`))
    p.add('datev.wj_beginn', 'Der Beginn des Wirtschaftsjahres muss ein Tag im Format MM-TT sein.');
  if (c.skr !== '03' && c.skr !== '04') p.add('datev.skr', 'Der Kontenrahmen muss SKR 03 oder SKR 04 sein.');
}

function validDate(d: string): boolean {
  const m = ISO_DATE.exec(d);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === d;
}

/** Encodes one booking's 125 fields, collecting problems and messages. */
function bookingLine(
  b: ExportBooking,
  config: DatevConfig,
  problems: Problems,
  messages: ExportMessage[],
): string {
  const f = [...EMPTY_LINE];
  const key = (field: string) => `buchung.${b.id}.${field}`;
  const who = `Buchung ${b.id}`;
  /** Text for a quoted field: transliterated, reported, length checked before and after. */
  const text = (field: string, label: string, value: string, max: number): string => {
    if (value.length > max) {
      problems.add(key(field), `${who}: ${label} ist länger als ${max} Zeichen.`);
      return quote(value);
    }
    const { text: out, changed } = toCp1252(value);
    let written = out;
    if (written.length > max) written = written.slice(0, max);
    if (changed) {
      messages.push({
        bookingId: b.id,
        field,
        message: `${who}, ${label}: „${value}“ als „${written}“ geschrieben (Zeichen außerhalb von Windows-1252 umschrieben).`,
      });
    }
    return quote(written);
  };

  if (!AMOUNT.test(b.amount) || toCents(b.amount) === 0n) {
    problems.add(
      key('amount'),
      `${who}: Der Betrag „${b.amount}“ muss positiv sein, mit höchstens 10 Stellen vor und 2 nach dem Komma.`,
    );
  } else f[COL.umsatz] = datevAmount(b.amount);
  if (b.sh !== 'S' && b.sh !== 'H')
    problems.add(key('sh'), `${who}: Das Soll/Haben-Kennzeichen muss S oder H sein.`);
  f[COL.sollHaben] = quote(b.sh);
  f[COL.wkz] = quote('EUR');
  for (const [field, label, account] of [
    ['konto', 'Konto', b.konto],
    ['gegenkonto', 'Gegenkonto', b.gegenkonto],
  ] as const) {
    const ok =
      /^\d+$/.test(account) &&
      (account.length === config.sachkontenlaenge || account.length === config.sachkontenlaenge + 1);
    if (!ok) {
      problems.add(
        key(field),
        `${who}: ${label} „${account}“ passt nicht zur Sachkontenlänge ${config.sachkontenlaenge} (Sachkonten ${config.sachkontenlaenge}, Personenkonten ${config.sachkontenlaenge + 1} Ziffern).`,
      );
    }
    f[field === 'konto' ? COL.konto : COL.gegenkonto] = account;
  }
  if (!validDate(b.date)) problems.add(key('date'), `${who}: Das Belegdatum „${b.date}“ ist kein Datum.`);
  else f[COL.belegdatum] = b.date.slice(8, 10) + b.date.slice(5, 7);
  for (const [field, label, value, max, col] of [
    ['belegfeld1', 'Belegfeld 1', b.belegfeld1, 36, COL.belegfeld1],
    ['belegfeld2', 'Belegfeld 2', b.belegfeld2, 12, COL.belegfeld2],
  ] as const) {
    if (value.length > max) problems.add(key(field), `${who}: ${label} ist länger als ${max} Zeichen.`);
    if (!BELEGFELD_CHARS.test(value)) {
      problems.add(
        key(field),
        `${who}: ${label} „${value}“ enthält Zeichen, die DATEV dort nicht annimmt (erlaubt: 0-9 A-Z a-z $ & % * + - /).`,
      );
    }
    f[col] = quote(value);
  }
  f[COL.buchungstext] = text('text', 'Buchungstext', b.text, 60);
  if (b.info.length > 8) problems.add(key('info'), `${who}: Höchstens 8 Beleginfos sind möglich.`);
  b.info.slice(0, 8).forEach((info, i) => {
    f[COL.beleginfo + 2 * i] = text(`info.${i + 1}.art`, `Beleginfo-Art ${i + 1}`, info.art, 20);
    f[COL.beleginfo + 2 * i + 1] = text(
      `info.${i + 1}.inhalt`,
      `Beleginfo-Inhalt ${i + 1}`,
      info.inhalt,
      210,
    );
  });
  f[COL.kost1] = text('cost_center', 'Kostenstelle (KOST1)', b.costCenter, 36);
  f[COL.kost2] = text('cost_center_2', 'Kostenstelle (KOST2)', b.costCenter2, 36);
  if (b.erhebungszeitraum !== null) {
    if (!Number.isInteger(b.erhebungszeitraum) || b.erhebungszeitraum < 1900 || b.erhebungszeitraum > 2999)
      problems.add(key('erhebungszeitraum'), `${who}: Der Erhebungszeitraum ist kein Jahr.`);
    else f[COL.veranlagungsjahr] = String(b.erhebungszeitraum);
  }
  if (!/^[0-9A-Za-z-]{1,36}$/.test(b.guid))
    problems.add(key('guid'), `${who}: Die Buchungs-GUID „${b.guid}“ ist ungültig.`);
  f[COL.guid] = quote(b.guid);
  f[COL.festschreibung] = config.festschreibung ? '1' : '0';
  if (b.dueDate !== null) {
    if (!validDate(b.dueDate)) problems.add(key('due_date'), `${who}: Die Fälligkeit ist kein Datum.`);
    else f[COL.faelligkeit] = b.dueDate.slice(8, 10) + b.dueDate.slice(5, 7) + b.dueDate.slice(0, 4);
  }
  return f.join(';');
}

function headerLine(
  session: ExportSession,
  config: DatevConfig,
  fiscalYearStart: IsoDate,
  from: IsoDate,
  to: IsoDate,
  messages: ExportMessage[],
): string {
  const short = (label: string, field: string, value: string, max: number) => {
    const { text, changed } = toCp1252(value);
    if (changed) {
      messages.push({
        bookingId: null,
        field,
        message: `Kopfzeile, ${label}: „${value}“ als „${text.slice(0, max)}“ geschrieben (Zeichen außerhalb von Windows-1252 umschrieben).`,
      });
    }
    return quote(text.slice(0, max));
  };
  return [
    quote('EXTF'),
    '700',
    '21',
    quote('Buchungsstapel'),
    '13',
    createdStamp(session.createdAt),
    '',
    quote('GS'),
    short('Exportiert von', 'exported_by', session.exportedBy, 25),
    quote(''),
    String(config.beraternummer),
    String(config.mandantennummer),
    isoCompact(fiscalYearStart),
    String(config.sachkontenlaenge),
    isoCompact(from),
    isoCompact(to),
    short('Bezeichnung', 'label', session.label, 30),
    quote(''),
    '1',
    '0',
    config.festschreibung ? '1' : '0',
    quote('EUR'),
    '',
    quote(''),
    '',
    '',
    quote(config.skr),
    '',
    '',
    quote(''),
    quote(''),
  ].join(';');
}

/** Writes the session as one EXTF file per fiscal year; throws AppError 422 naming every problem. */
export function writeDatev(session: ExportSession, config: DatevConfig): DatevResult {
  const problems = new Problems();
  const messages: ExportMessage[] = [];
  checkConfig(config, problems);
  if (!session.bookings.length) problems.add('bookings', 'Die Sitzung enthält keine Buchungen.');
  problems.throwIfAny();

  const byYear = new Map<IsoDate, { lines: string[]; ids: number[]; from: IsoDate; to: IsoDate }>();
  for (const b of session.bookings) {
    const line = bookingLine(b, config, problems, messages);
    if (!validDate(b.date)) continue;
    const fy = fiscalYearStart(b.date, config.wjBeginn);
    const group = byYear.get(fy) ?? { lines: [], ids: [], from: b.date, to: b.date };
    group.lines.push(line);
    group.ids.push(b.id);
    if (b.date < group.from) group.from = b.date;
    if (b.date > group.to) group.to = b.date;
    byYear.set(fy, group);
  }
  problems.throwIfAny();

  const parts: DatevPart[] = [...byYear.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, g], i) => {
      const header = headerLine(session, config, start, g.from, g.to, i === 0 ? messages : []);
      const bytes = encodeCp1252([header, HEADINGS, ...g.lines].join(CRLF) + CRLF);
      return {
        part: i + 1,
        fiscalYearStart: start,
        from: g.from,
        to: g.to,
        fileName: datevFileName(session.id, start, i + 1),
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bookingIds: g.ids,
      };
    });
  return { parts, messages };
}
