import { openPdf } from '@gewst/extraction';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureGuid, GOLDEN_SESSION, largeSession, protocolInput } from './fixtures';
import { dateTimeDe, euro, protocolData } from './protocol';
import { protocolPdf } from './protocol-pdf';
import { protocolXlsx } from './protocol-xlsx';
import type { ExportBooking } from './types';

/** pdf.js: page count, page sizes and the text of every page. */
async function readPdf(bytes: Buffer) {
  const doc = await openPdf(bytes);
  const pages: { text: string; size: number[] }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    pages.push({ text, size: page.view.slice(2) });
  }
  await doc.destroy();
  return pages;
}

describe('protocol time stamps', () => {
  it('are German local time around both changes of summer time and the turn of the year', () => {
    const stamps = [
      ['2026-03-02T09:15:00Z', '02.03.2026, 10:15'],
      ['2026-03-29T01:30:00Z', '29.03.2026, 03:30'],
      ['2026-10-25T00:30:00Z', '25.10.2026, 02:30'],
      ['2026-10-25T01:30:00Z', '25.10.2026, 02:30'],
      ['2026-12-31T23:30:00Z', '01.01.2027, 00:30'],
    ];
    expect(stamps.map(([utc]) => [utc, dateTimeDe(new Date(utc!))])).toEqual(stamps);
  });
});

describe('booking protocol PDF', () => {
  it('shows bookings, sums per account, totals, log, approval, exports and a signature line (A4, German)', async () => {
    const pages = await readPdf(await protocolPdf(protocolInput()));
    for (const p of pages) expect(p.size).toEqual([842, 595]);
    const all = pages.map((p) => p.text).join(' ');
    for (const s of [
      'Buchungsprotokoll',
      'Muster Holding GmbH',
      '42 – GewSt Bescheide Q1 2026 Muster GmbH',
      'Bescheid',
      'exportiert',
      'Buchungen',
      '9 (davon 1 Storno)',
      // bookings with accounts and names
      '16.02.2026',
      'VZ2026Q1-0815',
      '4320 Gewerbesteuer',
      '1200 Bank',
      '0956 Gewerbesteuerrückstellung',
      'Nachzahlung 2024 Großröhrsdorf (Bescheid vom 01.12.2025)',
      'Zinsen § 233a – Filiale Lódz', // transliterated like the DATEV file, never "?"
      'Storno zu 101: Storno GewSt VZ Q4/2025 München',
      '1.234.567.890,12 €',
      // sums per account and side, totals
      'Summen je Konto',
      '1.234.569.114,02 €', // 4320 Soll
      '1.234.580.144,01 €', // 1200 Haben
      '1.234.582.670,62 €', // total
      // log with who, when, comment; approval; exports
      'Verlauf der Sitzung',
      'sachbearbeitung',
      'eingereicht',
      'Bitte freigeben.',
      'Geprüft, ok.',
      'Freigegeben von',
      'freigabe',
      '02.03.2026, 10:15',
      'EXTF_Buchungsstapel_S42_WJ2026_T2.csv',
      'b'.repeat(64),
      'Ort, Datum',
      'Unterschrift',
    ]) {
      expect(all, s).toContain(s);
    }
    expect(all).not.toContain('?');
    pages.forEach((p, i) => expect(p.text).toContain(`Seite ${i + 1} von ${pages.length}`));
  });

  it('wraps long comments instead of cutting them off', async () => {
    const all = (await readPdf(await protocolPdf(protocolInput()))).map((p) => p.text).join(' ');
    expect(all).toContain('Vorauszahlungsbescheid.');
  });

  it('paginates a large session with the table header and page numbers on every page', async () => {
    const pages = await readPdf(await protocolPdf(protocolInput(largeSession(150))));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((p, i) => expect(p.text).toContain(`Seite ${i + 1} von ${pages.length}`));
    expect(pages[2]!.text).toContain('Buchungstext');
    expect(pages.map((p) => p.text).join(' ')).toContain('VZ2026-150');
  });

  it('says so when nothing was approved or exported yet', async () => {
    const input = { ...protocolInput(), approval: null, exports: [], log: [] };
    const all = (await readPdf(await protocolPdf(input))).map((p) => p.text).join(' ');
    expect(all).toContain('noch nicht freigegeben');
    expect(all).toContain('Noch keine Dateien exportiert.');
    expect(all).toContain('Keine Einträge.');
  });
});

describe('booking protocol xlsx', () => {
  it('has the same content on three sheets', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await protocolXlsx(protocolInput())) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Buchungen', 'Summen je Konto', 'Protokoll']);
    const bookings = wb.getWorksheet('Buchungen')!;
    expect(bookings.rowCount).toBe(1 + GOLDEN_SESSION.bookings.length + 1);
    const storno = bookings.getRow(8);
    expect(storno.getCell(1).value).toBe(107);
    expect([storno.getCell(4).value, storno.getCell(6).value, storno.getCell(9).value]).toEqual([
      '1200',
      '4320',
      101,
    ]);
    expect(bookings.getRow(3).getCell(10).value).toBe(
      'Nachzahlung 2024 Großröhrsdorf (Bescheid vom 01.12.2025)',
    );
    expect(bookings.getRow(7).getCell(10).value).toBe('Zinsen § 233a – Filiale Łódź');
    expect(bookings.getRow(11).getCell(8).value).toBe(1234582670.62);
    const sums = wb.getWorksheet('Summen je Konto')!;
    const byAccount = new Map<string, unknown[]>();
    sums.eachRow((r, n) => {
      if (n > 1)
        byAccount.set(String(r.getCell(1).value ?? r.getCell(2).value), [
          r.getCell(3).value,
          r.getCell(4).value,
        ]);
    });
    expect(byAccount.get('4320')).toEqual([1234569114.02, 505]);
    expect(byAccount.get('1200')).toEqual([2526.6, 1234580144.01]);
    expect(byAccount.get('Summe')).toEqual([1234582670.62, 1234582670.62]);
    const log: string[] = [];
    wb.getWorksheet('Protokoll')!.eachRow((r) => log.push((r.values as unknown[]).slice(1).join('|')));
    expect(log).toContain('Freigegeben von|freigabe');
    expect(log).toContain(
      `Verzeichnis|EXTF_Buchungsstapel_S42_WJ2025_T1.csv|${'a'.repeat(64)}|02.03.2026, 10:15`,
    );
    expect(
      log.some((l) => l.startsWith('27.02.2026, 09:05|sachbearbeitung|eingereicht|Bitte freigeben.')),
    ).toBe(true);
  });
});

describe('protocol sums', () => {
  it('formats euros exactly', () => {
    expect(euro(123458267062n)).toBe('1.234.582.670,62 €');
    expect(euro(1n)).toBe('0,01 €');
    expect(euro(-100000n)).toBe('-1.000,00 €');
  });

  it('every account balances against the others; Soll = Haben = the sum of the bookings (property)', () => {
    const accounts = ['4320', '1200', '0956', '2281', '70001'];
    const bookingArb = fc.record({
      konto: fc.constantFrom(...accounts),
      gegenkonto: fc.constantFrom(...accounts),
      cents: fc.bigInt({ min: 1n, max: 10n ** 12n - 1n }),
      sh: fc.constantFrom('S' as const, 'H' as const),
    });
    fc.assert(
      fc.property(fc.array(bookingArb, { minLength: 1, maxLength: 40 }), (rows) => {
        const bookings: ExportBooking[] = rows.map((r, i) => ({
          ...GOLDEN_SESSION.bookings[0]!,
          id: i + 1,
          guid: fixtureGuid(i + 1),
          konto: r.konto,
          gegenkonto: r.gegenkonto,
          amount: `${r.cents / 100n}.${String(r.cents % 100n).padStart(2, '0')}`,
          sh: r.sh,
        }));
        const d = protocolData({ ...protocolInput(), bookings });
        const total = rows.reduce((s, r) => s + r.cents, 0n);
        expect(d.totalSoll).toBe(total);
        expect(d.accounts.reduce((s, a) => s + a.soll, 0n)).toBe(total);
        expect(d.accounts.reduce((s, a) => s + a.haben, 0n)).toBe(total);
        expect(d.accounts.reduce((s, a) => s + a.soll - a.haben, 0n)).toBe(0n);
        // "H" (a reversal, a refund) moves the amount to the other side of both accounts.
        for (const acc of accounts) {
          const expected = rows.reduce((s, r) => {
            const sign = r.sh === 'H' ? -1n : 1n;
            return s + (r.konto === acc ? sign * r.cents : 0n) - (r.gegenkonto === acc ? sign * r.cents : 0n);
          }, 0n);
          const a = d.accounts.find((x) => x.account === acc);
          expect(a ? a.soll - a.haben : 0n).toBe(expected);
        }
      }),
    );
  });
});
