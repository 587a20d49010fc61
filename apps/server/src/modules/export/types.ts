/**
 * The neutral input of every export format (DATEV EXTF, generic CSV, booking protocol).
 *
 * It knows nothing of the bookings module's tables: `source.ts` maps a session and its
 * bookings onto these types, so the writers can be tested on fixed data and stay stable
 * when the booking tables change.
 */

/** Money on the wire: digits, optional two decimals, no sign (e.g. "1529.50"). */
export type DecimalString = string;
/** Calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

export interface ExportBooking {
  /** Booking id (unique within the product). */
  id: number;
  /** Stable id per booking (DATEV column 103 "Buchungs GUID"), 36 characters. */
  guid: string;
  /** Belegdatum (DATEV writes it as TTMM; the year comes from the file's period). */
  date: IsoDate;
  /** DATEV "Konto": the tax side of the booking (expense, provision, …), digits. */
  konto: string;
  kontoName: string;
  /** DATEV "Gegenkonto": the money side (bank, clearing, receivable, release), digits. */
  gegenkonto: string;
  gegenkontoName: string;
  /** Always positive; the direction is `sh`, never a sign. */
  amount: DecimalString;
  /** Soll/Haben relative to `konto`: "S" debits `konto`, "H" credits it. */
  sh: 'S' | 'H';
  /**
   * A reversing booking (Storno) names the booking it reverses. It already carries the
   * same accounts with the side swapped; the writers only show it as Storno.
   */
  reversalOf: number | null;
  /** Belegfeld 1: ≤ 36 characters of `0-9 A-Z a-z $ & % * + - /`. */
  belegfeld1: string;
  /** Belegfeld 2: ≤ 12 characters of the same set (e.g. a due date TTMMJJ), or empty. */
  belegfeld2: string;
  /** Buchungstext, ≤ 60 characters. */
  text: string;
  /** KOST1 cost centre, ≤ 36 characters, or empty. */
  costCenter: string;
  /** KOST2 second cost centre (cost-centre rules), ≤ 36 characters, or empty. */
  costCenter2: string;
  /** Erhebungszeitraum of the tax (DATEV column 92 "Veranlagungsjahr"), or null. */
  erhebungszeitraum: number | null;
  /** Due date of the payment (DATEV column 117 "Fälligkeit"), or null. */
  dueDate: IsoDate | null;
  /** Beleginfo pairs (at most 8): Art ≤ 20, Inhalt ≤ 210, e.g. Kassenzeichen, Gemeinde. */
  info: { art: string; inhalt: string }[];
  /** The source document, if any (shown in the protocol and the generic format). */
  documentId: number | null;
}

export type SessionType = 'bescheid' | 'vorauszahlung' | 'korrektur' | 'storno';

export interface ExportSession {
  id: number;
  type: SessionType;
  /** Short description, e.g. "GewSt Vorauszahlung Q3 2026" (DATEV header field 17, ≤ 30). */
  label: string;
  companyId: number;
  companyName: string;
  /** The approver's user name (DATEV header field 9 "Exportiert von", ≤ 25). */
  exportedBy: string;
  /**
   * The moment the export was decided (the approval). DATEV's "Erzeugt am" is taken from
   * it, so every run for the same session writes the same bytes.
   */
  createdAt: Date;
  bookings: ExportBooking[];
}

/** DATEV settings of a company (Admin → Einstellungen). */
export interface DatevConfig {
  /** 1001–9999999 */
  beraternummer: number;
  /** 1–99999 */
  mandantennummer: number;
  /** 4–8; personal accounts are one digit longer. */
  sachkontenlaenge: number;
  /** Start of the fiscal year, `MM-DD` (WJ-Beginn), e.g. "01-01" or "07-01". */
  wjBeginn: string;
  skr: '03' | '04';
  /** Header field 21 and column 114. */
  festschreibung: boolean;
}

/** Something the export changed on its way out (e.g. a transliterated character). */
export interface ExportMessage {
  bookingId: number | null;
  field: string;
  /** German, for the job's messages. */
  message: string;
}

/** The booking protocol (PDF and xlsx): the session, its bookings, its log and its exports. */
export interface ProtocolInput {
  session: {
    id: number;
    type: SessionType;
    label: string;
    /** German status label, e.g. "exportiert". */
    status: string;
    companyName: string;
  };
  bookings: ExportBooking[];
  log: { at: Date; user: string; action: string; comment: string | null }[];
  approval: { by: string; at: Date } | null;
  exports: { target: string; fileName: string; sha256: string; at: Date | null }[];
  generatedAt: Date;
  generatedBy: string;
}
