import { createHash } from 'node:crypto';
import type { DatevConfig, ExportBooking, ExportSession, ProtocolInput } from './types';

/**
 * Fixed export input for the golden-file tests and the benchmark. Never change it without
 * regenerating the golden files on purpose (see testdata/README.md).
 */
export const GOLDEN_CONFIG: DatevConfig = {
  beraternummer: 29098,
  mandantennummer: 55003,
  sachkontenlaenge: 4,
  wjBeginn: '01-01',
  skr: '03',
  festschreibung: false,
};

/** A stable UUID-shaped id per booking, as the export derives it. */
export const fixtureGuid = (id: number) => {
  const h = createHash('sha256').update(`fixture-booking-${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

const booking = (
  b: Partial<ExportBooking> & Pick<ExportBooking, 'id' | 'date' | 'amount'>,
): ExportBooking => ({
  guid: fixtureGuid(b.id),
  konto: '4320',
  kontoName: 'Gewerbesteuer',
  gegenkonto: '1200',
  gegenkontoName: 'Bank',
  sh: 'S',
  reversalOf: null,
  belegfeld1: `GS${b.id}`,
  belegfeld2: '',
  text: 'GewSt Vorauszahlung',
  costCenter: '',
  costCenter2: '',
  erhebungszeitraum: null,
  dueDate: null,
  info: [],
  documentId: null,
  ...b,
});

/**
 * Nine bookings over two fiscal years (Dec 2025, Feb/May 2026): prepayments, a back
 * payment to a municipality with umlauts and ß, a refund (prior-year account on the Haben
 * side), interest, a text with quotes and a semicolon, a text with characters outside
 * Windows-1252 (Polish, an en dash stays), a reversal (S/H swapped) and a personal account.
 */
export const GOLDEN_SESSION: ExportSession = {
  id: 42,
  type: 'bescheid',
  label: 'GewSt Bescheide Q1 2026 Muster GmbH',
  companyId: 1,
  companyName: 'Muster Holding GmbH',
  exportedBy: 'freigabe',
  createdAt: new Date('2026-03-02T09:15:30.123Z'),
  bookings: [
    booking({
      id: 101,
      date: '2025-12-15',
      amount: '505.00',
      text: 'GewSt VZ Q4/2025 München',
      belegfeld1: 'VZ2025Q4-0815',
      belegfeld2: '151225',
      costCenter: '1000',
      erhebungszeitraum: 2025,
      dueDate: '2025-11-17',
      info: [
        { art: 'Kassenzeichen', inhalt: '5.0815.4711' },
        { art: 'Gemeinde', inhalt: 'München' },
      ],
      documentId: 7,
    }),
    booking({
      id: 102,
      date: '2025-12-30',
      amount: '11000',
      konto: '0956',
      kontoName: 'Gewerbesteuerrückstellung',
      text: 'Nachzahlung 2024 Großröhrsdorf (Bescheid vom 01.12.2025)',
      belegfeld1: 'B2024-GR/17',
      erhebungszeitraum: 2024,
      info: [
        { art: 'Kassenzeichen', inhalt: 'GR-2024-17' },
        { art: 'Gemeinde', inhalt: 'Großröhrsdorf' },
      ],
      documentId: 8,
    }),
    booking({
      id: 103,
      date: '2026-02-16',
      amount: '618.9',
      text: 'GewSt VZ Q1/2026 München',
      belegfeld1: 'VZ2026Q1-0815',
      erhebungszeitraum: 2026,
      dueDate: '2026-02-16',
      info: [{ art: 'Gemeinde', inhalt: 'München' }],
    }),
    booking({
      id: 104,
      date: '2026-02-16',
      amount: '1234567890.12',
      text: 'Sehr großer Betrag (Grenzwert)',
      belegfeld1: 'MAX',
    }),
    booking({
      id: 105,
      date: '2026-02-20',
      amount: '2021.60',
      konto: '2281',
      kontoName: 'Gewerbesteuer Vorjahre',
      sh: 'H',
      text: 'Erstattung 2023 Köln; Bescheid "geändert"',
      belegfeld1: 'E2023$K&1%2*3+4',
      erhebungszeitraum: 2023,
      info: [{ art: 'Gemeinde', inhalt: 'Köln' }],
    }),
    booking({
      id: 106,
      date: '2026-02-27',
      amount: '30.00',
      konto: '2105',
      kontoName: 'Zinsen § 233a AO (nicht abzugsfähig)',
      text: 'Zinsen § 233a – Filiale Łódź',
      belegfeld1: 'Z2023-1',
      info: [{ art: 'Niederlassung', inhalt: 'Łódź (Polska)' }],
    }),
    booking({
      id: 107,
      date: '2026-05-15',
      amount: '505.00',
      text: 'Storno GewSt VZ Q4/2025 München',
      belegfeld1: 'VZ2025Q4-0815',
      sh: 'H',
      reversalOf: 101,
      erhebungszeitraum: 2025,
    }),
    booking({
      id: 108,
      date: '2026-05-15',
      amount: '0.01',
      gegenkonto: '70001',
      gegenkontoName: 'Stadt Musterhausen (Kreditor)',
      text: 'Cent-Differenz',
      belegfeld1: 'D-1',
    }),
    booking({
      id: 109,
      date: '2026-05-31',
      amount: '99.99',
      text: '',
      belegfeld1: '',
    }),
  ],
};

/** A session of `n` bookings in one fiscal year, for the benchmark and size tests. */
export function largeSession(n: number): ExportSession {
  const munis = ['München', 'Köln', 'Düsseldorf', 'Großröhrsdorf', 'Frankfurt am Main', 'Lübeck'];
  const bookings: ExportBooking[] = [];
  for (let i = 1; i <= n; i++) {
    const month = ((i - 1) % 12) + 1;
    const gemeinde = munis[i % munis.length]!;
    bookings.push(
      booking({
        id: i,
        date: `2026-${String(month).padStart(2, '0')}-15`,
        amount: `${(i * 37) % 100000}.${String(i % 100).padStart(2, '0')}`,
        text: `GewSt VZ ${Math.ceil(month / 3)}/2026 ${gemeinde}`,
        belegfeld1: `VZ2026-${i}`,
        costCenter: String(1000 + (i % 50)),
        erhebungszeitraum: 2026,
        dueDate: `2026-${String(month).padStart(2, '0')}-15`,
        info: [
          { art: 'Kassenzeichen', inhalt: `KZ-${i}` },
          { art: 'Gemeinde', inhalt: gemeinde },
        ],
        documentId: i,
        ...(i % 97 === 0 ? { sh: 'H' as const, reversalOf: i - 1 } : {}),
      }),
    );
  }
  return { ...GOLDEN_SESSION, id: 4242, label: 'GewSt Massentest', bookings };
}

/** The protocol of a session: a fixed log, approval and export section around its bookings. */
export function protocolInput(session: ExportSession = GOLDEN_SESSION): ProtocolInput {
  return {
    session: {
      id: session.id,
      type: session.type,
      label: session.label,
      status: 'exportiert',
      companyName: session.companyName,
    },
    bookings: session.bookings,
    log: [
      { at: new Date('2026-02-27T08:00:00Z'), user: 'sachbearbeitung', action: 'geschlossen', comment: null },
      {
        at: new Date('2026-02-27T08:05:00Z'),
        user: 'sachbearbeitung',
        action: 'eingereicht',
        comment:
          'Bitte freigeben. Die Nachzahlung Großröhrsdorf ist mit dem Bescheid vom 01.12.2025 abgestimmt; ' +
          'die Zinsen der Filiale Łódź sind nicht abzugsfähig und deshalb auf 2105 gebucht. ' +
          'Der Storno der Vorauszahlung Q4/2025 München folgt dem geänderten Vorauszahlungsbescheid.',
      },
      { at: session.createdAt, user: session.exportedBy, action: 'freigegeben', comment: 'Geprüft, ok.' },
    ],
    approval: { by: session.exportedBy, at: session.createdAt },
    exports: [
      {
        target: 'Verzeichnis',
        fileName: 'EXTF_Buchungsstapel_S42_WJ2025_T1.csv',
        sha256: 'a'.repeat(64),
        at: new Date('2026-03-02T09:15:31Z'),
      },
      {
        target: 'Verzeichnis',
        fileName: 'EXTF_Buchungsstapel_S42_WJ2026_T2.csv',
        sha256: 'b'.repeat(64),
        at: new Date('2026-03-02T09:15:31Z'),
      },
    ],
    generatedAt: new Date('2026-03-03T12:00:00Z'),
    generatedBy: 'freigabe',
  };
}
