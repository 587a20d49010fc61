import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { datevAmount, fiscalYearStart, writeDatev } from './datev';
import { GOLDEN_CONFIG, GOLDEN_SESSION, largeSession } from './fixtures';
import { readExtf } from './testing/extf-reader';
import type { ExportBooking, ExportSession } from './types';

const testdata = (name: string) => new URL(`./testdata/${name}`, import.meta.url);

/** Signed sum of a session relative to Konto: Haben counts negative. */
const sessionCents = (bookings: ExportBooking[]) =>
  bookings.reduce((s, b) => {
    const [e, c = ''] = b.amount.split('.');
    const cents = BigInt(e!) * 100n + BigInt(c.padEnd(2, '0'));
    return s + (b.sh === 'H' ? -cents : cents);
  }, 0n);

const withBookings = (bookings: Partial<ExportBooking>[]): ExportSession => ({
  ...GOLDEN_SESSION,
  bookings: bookings.map((b, i) => ({ ...GOLDEN_SESSION.bookings[2]!, id: 900 + i, ...b })),
});

describe('DATEV EXTF golden files', () => {
  const result = writeDatev(GOLDEN_SESSION, GOLDEN_CONFIG);

  it('writes the fixed session byte for byte as committed (one file per fiscal year)', () => {
    expect(result.parts.map((p) => [p.part, p.fiscalYearStart, p.fileName])).toEqual([
      [1, '2025-01-01', 'EXTF_Buchungsstapel_S42_WJ2025_T1.csv'],
      [2, '2026-01-01', 'EXTF_Buchungsstapel_S42_WJ2026_T2.csv'],
    ]);
    for (const p of result.parts) {
      const golden = testdata(p.fileName);
      // Regenerate deliberately with UPDATE_GOLDEN=1 and review the diff (testdata/README.md).
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, p.bytes);
      expect(existsSync(golden), `${p.fileName} fehlt`).toBe(true);
      expect(p.bytes.equals(readFileSync(golden)), `${p.fileName} weicht von der Golden-Datei ab`).toBe(true);
    }
  });

  it('the independent reader accepts both files and finds the session in them', () => {
    const files = result.parts.map((p) => readExtf(readFileSync(testdata(p.fileName))));
    for (const f of files) {
      expect(f.problems).toEqual([]);
      expect(f.header).toHaveLength(31);
      expect(f.headings).toHaveLength(125);
      expect([f.beraternummer, f.mandantennummer, f.sachkontenlaenge]).toEqual([29098, 55003, 4]);
      expect(f.header[26]).toEqual({ value: '03', quoted: true });
      expect(f.header[20]!.value).toBe('0');
      expect(f.header[5]!.value).toBe('20260302101530123'); // approval time, German local time
      expect(f.bezeichnung).toBe('GewSt Bescheide Q1 2026 Muster');
      // Our own stricter convention on top of DATEV's rules: always two decimals.
      for (const r of f.rows) expect(r.get('Umsatz (ohne Soll/Haben-Kz)')).toMatch(/^\d+,\d{2}$/);
    }
    const [y2025, y2026] = files;
    expect([y2025!.wjBeginn, y2025!.from, y2025!.to]).toEqual(['2025-01-01', '2025-12-15', '2025-12-30']);
    expect([y2026!.wjBeginn, y2026!.from, y2026!.to]).toEqual(['2026-01-01', '2026-02-16', '2026-05-31']);
    // Every booking once, in the file of its fiscal year, with its date and sums.
    const rows = files.flatMap((f) => f.rows);
    expect(rows.map((r) => r.get('Buchungs GUID'))).toEqual(GOLDEN_SESSION.bookings.map((b) => b.guid));
    expect(rows.map((r) => r.date)).toEqual(GOLDEN_SESSION.bookings.map((b) => b.date));
    expect(rows.reduce((s, r) => s + r.signedCents, 0n)).toBe(sessionCents(GOLDEN_SESSION.bookings));
    for (const [i, f] of files.entries()) {
      const ids = new Set(result.parts[i]!.bookingIds);
      const own = GOLDEN_SESSION.bookings.filter((b) => ids.has(b.id));
      expect(f.rows.reduce((s, r) => s + r.signedCents, 0n)).toBe(sessionCents(own));
    }
  });

  it('keeps umlauts, ß, quotes and semicolons; transliterates and reports the rest', () => {
    const raw = readFileSync(testdata(result.parts[0]!.fileName));
    // ß = DF, ö = F6 in Windows-1252; no UTF-8 sequence for them (C3 9F / C3 B6).
    expect(raw.includes(Buffer.from('Gro\xdfr\xf6hrsdorf', 'latin1'))).toBe(true);
    expect(raw.includes(Buffer.from([0xc3, 0xb6]))).toBe(false);
    const f = readExtf(readFileSync(testdata(result.parts[1]!.fileName)));
    const byId = new Map(f.rows.map((r) => [r.get('Belegfeld 1'), r]));
    expect(byId.get('E2023$K&1%2*3+4')!.get('Buchungstext')).toBe(
      'Erstattung 2023 Köln; Bescheid "geändert"',
    );
    expect(byId.get('Z2023-1')!.get('Buchungstext')).toBe('Zinsen § 233a – Filiale Lódz');
    expect(byId.get('Z2023-1')!.get('Beleginfo - Inhalt 1')).toBe('Lódz (Polska)');
    expect(result.messages.map((m) => [m.bookingId, m.field])).toEqual([
      [106, 'text'],
      [106, 'info.1.inhalt'],
    ]);
    expect(result.messages[0]!.message).toBe(
      'Buchung 106, Buchungstext: „Zinsen § 233a – Filiale Łódź“ als „Zinsen § 233a – Filiale Lódz“ geschrieben (Zeichen außerhalb von Windows-1252 umschrieben).',
    );
  });

  it('writes a reversal as generated: the same accounts with S/H swapped, GU empty', () => {
    const f = readExtf(readFileSync(testdata(result.parts[1]!.fileName)));
    const original = readExtf(readFileSync(testdata(result.parts[0]!.fileName))).rows[0]!;
    expect([original.get('Konto'), original.get('Gegenkonto (ohne BU-Schlüssel)')]).toEqual(['4320', '1200']);
    expect(original.get('Soll/Haben-Kennzeichen')).toBe('S');
    const storno = f.rows.find((r) => r.get('Buchungstext').startsWith('Storno'))!;
    expect([storno.get('Konto'), storno.get('Gegenkonto (ohne BU-Schlüssel)')]).toEqual(['4320', '1200']);
    expect(storno.get('Soll/Haben-Kennzeichen')).toBe('H');
    expect(storno.get('Generalumkehr (GU)')).toBe('');
  });

  it('is deterministic: the same session writes the same bytes again', () => {
    const again = writeDatev(structuredClone(GOLDEN_SESSION), GOLDEN_CONFIG);
    expect(again.parts.map((p) => p.sha256)).toEqual(result.parts.map((p) => p.sha256));
  });
});

describe('the independent reader is not tuned to our writer', () => {
  it("accepts DATEV's own sample file (54 bookings, amounts without decimals, BU-Schlüssel)", () => {
    const f = readExtf(readFileSync(testdata('datev-sample-EXTF_Buchungsstapel-fv13.csv')));
    expect(f.problems).toEqual([]);
    expect(f.rows).toHaveLength(54);
  });

  it('finds broken files', () => {
    const good = writeDatev(withBookings([{}]), GOLDEN_CONFIG).parts[0]!.bytes.toString('latin1');
    const broken = (edit: (s: string) => string) => readExtf(Buffer.from(edit(good), 'latin1')).problems;
    expect(broken((s) => s.replace('"VZ2026Q1-0815"', '"VZ 2026.Q1"'))).toEqual([
      'Zeile 3, Belegfeld 1: „VZ 2026.Q1“',
    ]);
    expect(broken((s) => s.replace('618,90;', '-618,90;'))).toEqual(['Zeile 3, Umsatz: „-618,90“']);
    expect(broken((s) => s.replace(/\r\n$/, '\n'))).toContain(
      'Zeilenende ohne CR LF oder Zeilenumbruch in einem Feld',
    );
    expect(broken((s) => s.replace(';1602;', ';16022026;'))).toEqual([
      'Zeile 3, Belegdatum (TTMM): „16022026“',
    ]);
    expect(broken((s) => s.replace('"S";"EUR";', '"S";"EUR";;'))).toContain(
      'Zeile 3 hat 126 statt 125 Felder',
    );
    expect(
      broken((s) => s.replace('"EXTF";700;21;"Buchungsstapel";13', '"EXTF";700;21;"Buchungsstapel";9')),
    ).toEqual(['Kopf Feld 5 (Formatversion): „9“']);
  });
});

describe('DATEV writer rules', () => {
  it('splits by the configured fiscal year (July to June)', () => {
    const session = withBookings([{ date: '2026-06-30' }, { date: '2026-07-01' }, { date: '2027-06-30' }]);
    const { parts } = writeDatev(session, { ...GOLDEN_CONFIG, wjBeginn: '07-01' });
    expect(parts.map((p) => [p.fileName, p.from, p.to, p.bookingIds])).toEqual([
      ['EXTF_Buchungsstapel_S42_WJ2025-26_T1.csv', '2026-06-30', '2026-06-30', [900]],
      ['EXTF_Buchungsstapel_S42_WJ2026-27_T2.csv', '2026-07-01', '2027-06-30', [901, 902]],
    ]);
    const f = readExtf(parts[1]!.bytes);
    expect(f.problems).toEqual([]);
    expect([f.wjBeginn, f.rows.map((r) => r.date)]).toEqual(['2026-07-01', ['2026-07-01', '2027-06-30']]);
  });

  it('writes KOST1 and KOST2 (columns 37 and 38); a KOST2 beyond 36 characters is refused', () => {
    const session = withBookings([
      { costCenter: 'KST-4711', costCenter2: 'Zinsen Köln' },
      { costCenter: '', costCenter2: 'NUR-KOST2' },
    ]);
    const f = readExtf(writeDatev(session, GOLDEN_CONFIG).parts[0]!.bytes);
    expect(f.problems).toEqual([]);
    expect(f.rows.map((r) => [r.get('KOST1 - Kostenstelle'), r.get('KOST2 - Kostenstelle')])).toEqual([
      ['KST-4711', 'Zinsen Köln'],
      ['', 'NUR-KOST2'],
    ]);
    expect(() => writeDatev(withBookings([{ costCenter2: 'x'.repeat(37) }]), GOLDEN_CONFIG)).toThrow(
      /Kostenstelle \(KOST2\)/,
    );
  });

  it('refuses what DATEV would reject, naming every problem in German', () => {
    const bad = withBookings([
      { belegfeld1: 'VZ 2026.Q1' },
      { text: 'x'.repeat(61), amount: '-5.00' },
      { konto: '432', info: [{ art: 'Kassenzeichen der Stadt', inhalt: '1' }] },
      { belegfeld2: '1234567890123', date: '2026-02-30' },
    ]);
    let err: unknown;
    try {
      writeDatev(bad, GOLDEN_CONFIG);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect([e.status, e.code]).toEqual([422, 'EXPORT_INVALID']);
    expect(e.message).toMatch(
      /^DATEV-Export nicht möglich: Buchung 900: Belegfeld 1 „VZ 2026\.Q1“ enthält Zeichen/,
    );
    expect(e.message).toMatch(/\(und 6 weitere Fehler\)$/);
    expect(Object.keys(e.errors!)).toEqual([
      'buchung.900.belegfeld1',
      'buchung.901.amount',
      'buchung.901.text',
      'buchung.902.konto',
      'buchung.902.info.1.art',
      'buchung.903.date',
      'buchung.903.belegfeld2',
    ]);
    expect(() => writeDatev(GOLDEN_SESSION, { ...GOLDEN_CONFIG, sachkontenlaenge: 5 })).toThrow(
      /Konto „4320“ passt nicht zur Sachkontenlänge 5/,
    );
    expect(() => writeDatev(GOLDEN_SESSION, { ...GOLDEN_CONFIG, beraternummer: 1000 })).toThrow(
      'Die Beraternummer muss zwischen 1001 und 9999999 liegen.',
    );
    expect(() => writeDatev(withBookings([]), GOLDEN_CONFIG)).toThrow('Die Sitzung enthält keine Buchungen.');
  });

  it('replaces line breaks in texts and reports them; transliterates the header too', () => {
    const { parts, messages } = writeDatev(
      {
        ...withBookings([{ text: 'Zeile 1\r\nZeile 2' }]),
        exportedBy: 'Åsa Øberg-Ŝmith',
        label: 'Děčín – Žatec – Ústí',
      },
      GOLDEN_CONFIG,
    );
    const f = readExtf(parts[0]!.bytes);
    expect(f.problems).toEqual([]);
    expect(f.rows[0]!.get('Buchungstext')).toBe('Zeile 1  Zeile 2');
    expect(f.header[8]!.value).toBe('Åsa Øberg-Smith');
    expect(f.bezeichnung).toBe('Decín – Žatec – Ústí'); // only ě and č are missing from Windows-1252
    expect(messages.map((m) => m.field)).toEqual(['text', 'exported_by', 'label']);
  });

  it('formats amounts exactly (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 999999999999n }), (cents) => {
        const s = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const out = datevAmount(s);
        expect(out).toMatch(/^\d{1,10},\d{2}$/);
        expect(BigInt(out.replace(',', ''))).toBe(cents);
      }),
    );
  });

  it('puts every date into the fiscal year that contains it (property)', () => {
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, day, (d, s) => {
        const date = d.toISOString().slice(0, 10);
        const wjBeginn = s.toISOString().slice(5, 10) === '02-29' ? '02-28' : s.toISOString().slice(5, 10);
        const begin = fiscalYearStart(date, wjBeginn);
        const end = `${Number(begin.slice(0, 4)) + 1}${begin.slice(4)}`;
        expect(begin.slice(5)).toBe(wjBeginn);
        expect(begin <= date && date < end).toBe(true);
      }),
    );
  });

  it('a large session stays valid and sums to the cent', () => {
    const session = largeSession(300);
    const { parts } = writeDatev(session, GOLDEN_CONFIG);
    expect(parts).toHaveLength(1);
    const f = readExtf(parts[0]!.bytes);
    expect(f.problems).toEqual([]);
    expect(f.rows).toHaveLength(300);
    expect(f.rows.reduce((s, r) => s + r.signedCents, 0n)).toBe(sessionCents(session.bookings));
  });
});
