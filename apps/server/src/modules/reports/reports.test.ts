import type {
  CashPlanReport,
  ExpenseReport,
  InterestReport,
  ProvisionReport,
  ReconciliationReport,
  Trace,
} from '@gewst/domain';
import ExcelJS from 'exceljs';
import { openPdf } from '@gewst/extraction';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { recordExportResult } from '../bookings';
import { SYSTEM_ACTOR } from '../audit/service';
import { toPdf } from './export';
import { buildReportCompany, FRANKFURT, HAMBURG, KOELN, MUENCHEN, reportFixture } from './reports.fixture';

const ctx = useTestApp();
let f: Awaited<ReturnType<typeof buildReportCompany>>;

beforeAll(async () => {
  f = await buildReportCompany(ctx);
}, 180_000);

async function get<T>(url: string, user = 'freigabe'): Promise<T> {
  const res = await ctx.inject({ method: 'GET', url: `/api${url}`, headers: await f.fx.as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const row = (r: ExpenseReport, year: number, ags: string) =>
  r.rows.find((x) => x.year === year && x.ags === ags)!;

describe('tax expense', () => {
  it('defaults to five years ending with the latest year of payment data', async () => {
    const r = await get<ExpenseReport>(`/reports/expense?company_id=${f.cid}`);
    expect([r.filter.year_from, r.filter.year_to]).toEqual([2021, 2025]);
    expect(r.filter.company_name).toBe('Report GmbH');
    expect(r.meta.total).toBe(7);
  });

  it('has assessed (latest notice), prepayments, paid, open and expense to the cent', async () => {
    const r = await get<ExpenseReport>(`/reports/expense?company_id=${f.cid}`);
    // Amended notice: the second Bescheid's 10,450 counts; 500 + 950 settle it.
    expect(row(r, 2023, KOELN)).toMatchObject({
      festgesetzt: '10450.00',
      vorauszahlungen: '9000.00',
      bezahlt: '9500.00',
      offen: '950.00',
      aufwand: '10450.00',
      messbetrag: '2200.00',
      hebesatz: 475,
      // the notices' bookings wait in an open session: nothing exported, nothing booked
      gebucht: '0.00',
    });
    // Refund: 6,000 prepaid, 5,200 assessed, 800 received back.
    expect(row(r, 2023, MUENCHEN)).toMatchObject({
      festgesetzt: '5200.00',
      vorauszahlungen: '6000.00',
      bezahlt: '5200.00',
      offen: '0.00',
      aufwand: '5200.00',
    });
    expect(row(r, 2021, HAMBURG)).toMatchObject({
      festgesetzt: '20000.00',
      bezahlt: '0.00',
      offen: '20000.00',
    });
    expect(row(r, 2024, KOELN)).toMatchObject({
      festgesetzt: null,
      vorauszahlungen: '9000.00',
      bezahlt: '4500.00',
      offen: '4500.00',
      aufwand: '9000.00',
    });
    const y2023 = r.years.find((y) => y.year === 2023)!;
    expect(y2023).toMatchObject({
      festgesetzt: '15650.00',
      vorauszahlungen: '15000.00',
      bezahlt: '14700.00',
      offen: '950.00',
      aufwand: '15650.00',
      // 15,650 − 15,000: Köln's Hebesatz 450 → 475 on MB 2,000 (+500), shares +200 × 475 % and −200 × 400 %.
      aenderung: {
        differenz: '650.00',
        hebesatz_effekt: '500.00',
        anteil_effekt: '150.00',
        sonstiges: '0.00',
      },
    });
    expect(r.total.aufwand).toBe('70098.00'); // 20,000 + 15,000 + 15,650 + 9,000 + 10,448
  });

  it('explains the change by the Hebesatz change and the Messbetrag share change', async () => {
    const r = await get<ExpenseReport>(`/reports/expense?company_id=${f.cid}&year_from=2023&year_to=2023`);
    const koeln = r.changes.find((c) => c.ags === KOELN)!;
    expect(koeln).toMatchObject({
      vorjahr: '9000.00',
      aufwand: '10450.00',
      differenz: '1450.00',
      hebesatz_vorjahr: 450,
      hebesatz: 475,
      hebesatz_effekt: '500.00',
      anteil_effekt: '950.00',
      sonstiges: '0.00',
    });
    expect(r.changes.find((c) => c.ags === MUENCHEN)).toMatchObject({
      differenz: '-800.00',
      hebesatz_effekt: '0.00',
      anteil_effekt: '-800.00',
    });
  });

  it('filters by municipality and groups by establishment', async () => {
    const r = await get<ExpenseReport>(
      `/reports/expense?company_id=${f.cid}&ags=${KOELN}&group_by=betriebsstaette&year_from=2022&year_to=2023`,
    );
    expect(r.rows.map((x) => [x.year, x.designation, x.aufwand])).toEqual([
      [2023, 'Zentrale Köln', '10450.00'],
      [2022, 'Zentrale Köln', '9000.00'],
    ]);
    expect(r.filter.gemeinde).toMatch(/^Köln/);
  });

  it('traces a cell to the lines and notices behind it', async () => {
    const paid = await get<Trace>(
      `/reports/trace?company_id=${f.cid}&report=expense&column=bezahlt&year=2023&ags=${KOELN}`,
    );
    expect(paid.summe).toBe('9500.00');
    expect(paid.payment_lines.map((l) => `${l.kind} ${l.betrag}`).sort()).toEqual([
      'abschlusszahlung 500.00',
      'vorauszahlung 2250.00',
      'vorauszahlung 2250.00',
      'vorauszahlung 2250.00',
      'vorauszahlung 2250.00',
    ]);
    expect(paid.meta).toMatchObject({ page: 1, total: 5 });
    // Paged: the figure and the count still cover all five lines, the pages split them.
    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        get<Trace>(
          `/reports/trace?company_id=${f.cid}&report=expense&column=bezahlt&year=2023&ags=${KOELN}&per_page=2&page=${page}`,
        ),
      ),
    );
    expect(pages.map((p) => [p.summe, p.meta.total, p.meta.last_page, p.payment_lines.length])).toEqual([
      ['9500.00', 5, 3, 2],
      ['9500.00', 5, 3, 2],
      ['9500.00', 5, 3, 1],
    ]);
    expect(pages.flatMap((p) => p.payment_lines.map((l) => l.id)).sort()).toEqual(
      paid.payment_lines.map((l) => l.id).sort(),
    );
    const assessed = await get<Trace>(
      `/reports/trace?company_id=${f.cid}&report=expense&column=festgesetzt&year=2023&ags=${KOELN}`,
    );
    expect(assessed.meta.total).toBe(1);
    expect(assessed.summe).toBe('10450.00');
    expect(assessed.documents.map((d) => d.id)).toEqual([f.amended]);
    const bad = await ctx.inject({
      method: 'GET',
      url: `/api/reports/trace?company_id=${f.cid}&report=expense&column=drop_table`,
      headers: await f.fx.as('freigabe'),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('provision proposal', () => {
  it('takes our Zerlegung × Hebesatz less prepayments where no notice exists', async () => {
    const r = await get<ProvisionReport>(`/reports/provision?company_id=${f.cid}&year=2024`);
    expect(r.messbetrag).toEqual({ betrag: '4000.00', quelle: 'zerlegung' });
    expect(r.zerlegung.quelle).toBe('gespeichert');
    expect(
      r.rows.map((x) => [
        x.ags,
        x.quelle,
        x.anteil,
        x.hebesatz,
        x.erwartet,
        x.vorauszahlungen,
        x.rueckstellung,
      ]),
    ).toEqual([
      [MUENCHEN, 'zerlegung', '1600.00', 490, '7840.00', '0.00', '7840.00'],
      [KOELN, 'zerlegung', '2400.00', 475, '11400.00', '9000.00', '2400.00'],
    ]);
    expect(r.total).toEqual({ erwartet: '19240.00', vorauszahlungen: '9000.00', rueckstellung: '10240.00' });
  });

  it('apportions an expected Messbetrag given by the user', async () => {
    const r = await get<ProvisionReport>(`/reports/provision?company_id=${f.cid}&year=2024&messbetrag=5000`);
    expect(r.messbetrag).toEqual({ betrag: '5000.00', quelle: 'eingabe' });
    expect(r.total).toEqual({ erwartet: '24050.00', vorauszahlungen: '9000.00', rueckstellung: '15050.00' });
  });

  it('reflects a Hebesatz or master-data change in the next request (computed Zerlegung kept)', async () => {
    const cid = await f.fx.company('Stammdaten GmbH');
    const koeln = await f.fx.establishment(cid, KOELN, 'Zentrale Köln', true);
    const muenchen = await f.fx.establishment(cid, MUENCHEN, 'Niederlassung München');
    const setRate = async (md: number, hebesatz: number) => {
      const res = await ctx.inject({
        method: 'PUT',
        url: `/api/masterData/${md}/rates/2024`,
        headers: await f.fx.as('sachbearbeitung'),
        payload: { hebesatz },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Written straight into the database, as another instance or a hand-written statement would.
    const setWages = (md: number, wages: string) =>
      ctx.built.database.query(
        `insert into master_data_wages (master_data_id, year, employees, wages) values ($1, 2024, 10, $2)
         on conflict (master_data_id, year) do update set wages = excluded.wages`,
        [md, wages],
      );
    await setWages(koeln, '600000.00');
    await setWages(muenchen, '400000.00');
    await setRate(koeln, 475);
    await setRate(muenchen, 490);
    const proposal = async () => {
      const r = await get<ProvisionReport>(`/reports/provision?company_id=${cid}&year=2024&messbetrag=1000`);
      expect(r.zerlegung.quelle).toBe('stammdaten');
      return r.rows.map((x) => [x.ags, x.anteil, x.hebesatz, x.erwartet]);
    };
    // MB 1,000 by wages 600,000 : 400,000 → 600 × 475 % and 400 × 490 %.
    const first = [
      [KOELN, '600.00', 475, '2850.00'],
      [MUENCHEN, '400.00', 490, '1960.00'],
    ];
    expect(await proposal()).toEqual(first);
    expect(await proposal()).toEqual(first);
    await setRate(muenchen, 500);
    expect(await proposal()).toEqual([
      [KOELN, '600.00', 475, '2850.00'],
      [MUENCHEN, '400.00', 500, '2000.00'],
    ]);
    await setWages(koeln, '400000.00');
    expect(await proposal()).toEqual([
      [MUENCHEN, '500.00', 500, '2500.00'],
      [KOELN, '500.00', 475, '2375.00'],
    ]);
    await ctx.built.database.query(`update master_data_rates set hebesatz = 480 where master_data_id = $1`, [
      koeln,
    ]);
    expect(await proposal()).toEqual([
      [MUENCHEN, '500.00', 500, '2500.00'],
      [KOELN, '500.00', 480, '2400.00'],
    ]);
  });

  it('reads a saved Zerlegung again when its version id names another row (restore over the installation)', async () => {
    const url = `/reports/provision?company_id=${f.cid}&year=2024`;
    expect((await get<ProvisionReport>(url)).messbetrag.betrag).toBe('4000.00');
    const [version] = await ctx.built.database.query<{ id: number }>(
      `select v.id from zerlegungen z
         join zerlegung_versions v on v.zerlegung_id = z.id and v.version = z.current_version
        where z.company_id = $1 and z.year = 2024`,
      [f.cid],
    );
    // A restore brings back the same id with another body and another creation time.
    const rewrite = (betrag: string) =>
      ctx.built.database.query(
        `update zerlegung_versions
            set result = jsonb_set(result, '{messbetrag}', to_jsonb($2::text)),
                created_at = created_at + interval '1 second'
          where id = $1`,
        [version!.id, betrag],
      );
    await rewrite('5000.00');
    expect((await get<ProvisionReport>(url)).messbetrag.betrag).toBe('5000.00');
    await rewrite('4000.00');
    expect((await get<ProvisionReport>(url)).messbetrag.betrag).toBe('4000.00');
  });

  it('uses the assessed figure where a notice exists (refund negative)', async () => {
    const r = await get<ProvisionReport>(`/reports/provision?company_id=${f.cid}&year=2023`);
    expect(r.rows.map((x) => [x.ags, x.quelle, x.erwartet, x.rueckstellung])).toEqual([
      [KOELN, 'bescheid', '10450.00', '1450.00'],
      [MUENCHEN, 'bescheid', '5200.00', '-800.00'],
    ]);
  });
});

describe('cash plan', () => {
  it('plans twelve months by month and quarter with due dates moved to working days', async () => {
    const r = await get<CashPlanReport>(`/reports/cashplan?company_id=${f.cid}&from=2024-10`);
    expect(r.filter.months).toHaveLength(12);
    const m = Object.fromEntries(r.months.map((x) => [x.month, x.summe]));
    expect(m).toMatchObject({
      '2024-10': '950.00',
      '2024-11': '2250.00',
      '2025-01': '0.00',
      '2025-02': '2612.00',
      '2025-05': '2612.00',
      '2025-08': '2612.00',
    });
    expect(r.months.find((x) => x.month === '2024-10')!.abschlusszahlungen).toBe('950.00');
    expect(r.quarters.map((q) => [q.quarter, q.summe])).toEqual([
      ['2024-Q4', '3200.00'],
      ['2025-Q1', '2612.00'],
      ['2025-Q2', '2612.00'],
      ['2025-Q3', '2612.00'],
    ]);
    expect(r.total.summe).toBe('11036.00');
    expect(r.ueberfaellig).toEqual({ anzahl: 3, summe: '22500.00' });
    const feb = await get<Trace>(
      `/reports/trace?company_id=${f.cid}&report=cashplan&column=summe&from=2024-10&month=2025-02`,
    );
    // 15 Feb 2025 is a Saturday.
    expect(feb.payment_lines.map((l) => [l.faellig_am, l.zahltag, l.betrag])).toEqual([
      ['2025-02-15', '2025-02-17', '2612.00'],
    ]);
  });

  it('traces each month to the lines of the same tax years as the figure', async () => {
    // Every tax year, then one: each month's trace adds up to the month's figure of that filter.
    for (const years of ['', '&year_from=2025&year_to=2025', '&year_from=2023&year_to=2024']) {
      const r = await get<CashPlanReport>(`/reports/cashplan?company_id=${f.cid}&from=2024-10${years}`);
      for (const m of r.months) {
        const t = await get<Trace>(
          `/reports/trace?company_id=${f.cid}&report=cashplan&column=summe&from=2024-10&month=${m.month}${years}`,
        );
        expect([years, m.month, t.summe]).toEqual([years, m.month, m.summe]);
      }
    }
  });

  it('reads the working-day calendar setting at once: 15 August in Bavaria', async () => {
    // A company of its own, so the figures above stay as they are.
    const cid = await f.fx.company('Kalender GmbH');
    await f.fx.prepayments(await f.fx.establishment(cid, MUENCHEN, 'Werk München', true), 2025, '100.00', 0);
    const august = async () =>
      (
        await get<Trace>(
          `/reports/trace?company_id=${cid}&report=cashplan&column=summe&from=2025-01&month=2025-08`,
        )
      ).payment_lines.map((l) => [l.faellig_am, l.zahltag]);
    const admin = await f.fx.as('admin');
    const setting = (method: 'PUT' | 'DELETE', payload?: Record<string, unknown>) =>
      ctx.inject({ method, url: '/api/settings/calendar.holidays', headers: admin, payload });
    // Default: not a holiday in Bavaria (conservative); Friday 15 August 2025 is the day.
    expect(await august()).toEqual([['2025-08-15', '2025-08-15']]);
    expect((await setting('PUT', { value: { bayern_mariae_himmelfahrt: 'ja' } })).statusCode).toBe(400);
    expect((await setting('PUT', { value: { bayern_mariae_himmelfahrt: true } })).statusCode).toBe(200);
    expect(await august()).toEqual([['2025-08-15', '2025-08-18']]);
    const log = (await ctx.inject({ method: 'GET', url: '/api/logs?entity=setting', headers: admin })).json();
    expect(JSON.stringify(log)).toContain('bayern_mariae_himmelfahrt');
    expect((await setting('DELETE')).statusCode).toBeLessThan(300);
    expect(await august()).toEqual([['2025-08-15', '2025-08-15']]);
  });
});

describe('interest', () => {
  it('sums §233a interest per year and kind and flags our differing calculation', async () => {
    const r = await get<InterestReport>(`/reports/interest?company_id=${f.cid}`);
    expect(r.rows).toEqual([
      {
        year: 2021,
        kind: 'nachzahlungszinsen',
        behandlung: 'nicht_abziehbar',
        betrag: '250.00',
        anzahl: 1,
        bescheid: '250.00',
        eigene: '240.00',
        differenz: '-10.00',
        abweichungen: 1,
      },
    ]);
    expect(r.total).toEqual({ nicht_abziehbar: '250.00', steuerpflichtig: '0.00' });
    expect(r.abweichungen[0]).toMatchObject({
      ags: HAMBURG,
      basis: '20000.00',
      von: '2023-10-01',
      bis: '2024-06-06',
      monate: 8,
    });
  });
});

describe('reconciliation', () => {
  it('finds each planted difference and nothing on a clean year', async () => {
    const fx = reportFixture(ctx);
    const cid = await fx.company('Abstimmung GmbH');
    const md: Record<string, number> = {
      [KOELN]: await fx.establishment(cid, KOELN, 'Köln', true),
      [MUENCHEN]: await fx.establishment(cid, MUENCHEN, 'München'),
      [HAMBURG]: await fx.establishment(cid, HAMBURG, 'Hamburg'),
      [FRANKFURT]: await fx.establishment(cid, FRANKFURT, 'Frankfurt'),
    };
    const rates: Record<string, number> = { [KOELN]: 475, [MUENCHEN]: 490, [HAMBURG]: 470, [FRANKFURT]: 460 };
    const wages: Record<string, string> = {
      [KOELN]: '500000.00',
      [MUENCHEN]: '300000.00',
      [HAMBURG]: '150000.00',
      [FRANKFURT]: '50000.00',
    };
    // Shares of MB 10,000: 5,000 / 3,000 / 1,500 / 500.
    const share: Record<string, number> = {
      [KOELN]: 5000,
      [MUENCHEN]: 3000,
      [HAMBURG]: 1500,
      [FRANKFURT]: 500,
    };
    for (const year of [2022, 2023])
      await fx.zerlegung(
        cid,
        year,
        '10000.00',
        Object.keys(md).map((ags) => ({
          ags,
          gl: ags === KOELN,
          hebesatz: rates[ags]!,
          loehne: wages[ags]!,
        })),
      );
    const assess = async (ags: string, year: number, mb: number, h: number) =>
      fx.bescheid(cid, md[ags]!, {
        erhebungszeitraum: year,
        bescheid_datum: `${year + 1}-06-03`,
        messbetrag: mb.toFixed(2),
        hebesatz: h,
        festgesetzte_steuer: ((mb * h) / 100).toFixed(2),
        // A first assessment: the notice credits no prepayments (else confirmation asks why).
        bisher_festgesetzt: '0.00',
      });
    for (const ags of Object.keys(md)) {
      await assess(ags, 2022, share[ags]!, rates[ags]!);
      await fx.payOpen(md[ags]!, 2022);
    }
    // 2023: Köln without notice, München with another rate, Hamburg with another share,
    // Frankfurt correct but unpaid.
    const wrongRate = await assess(MUENCHEN, 2023, 3000, 480);
    await fx.payOpen(md[MUENCHEN]!, 2023);
    const wrongShare = await assess(HAMBURG, 2023, 1600, 470);
    await fx.payOpen(md[HAMBURG]!, 2023);
    await assess(FRANKFURT, 2023, 500, 460);

    const r = await get<ReconciliationReport>(`/reports/reconciliation?company_id=${cid}`);
    expect(r.rows.filter((x) => x.year === 2022).flatMap((x) => x.ursachen)).toEqual([]);
    const causes = r.rows
      .filter((x) => x.year === 2023)
      .flatMap((x) => x.ursachen.map((u) => [x.ags, u.code, u.link.kind, u.link.id]))
      .sort();
    expect(causes).toEqual(
      [
        [FRANKFURT, 'unpaid_line', 'payment', md[FRANKFURT]],
        [HAMBURG, 'share_conflict', 'document', wrongShare],
        [KOELN, 'missing_notice', 'zerlegung', r.zerlegungen.find((z) => z.year === 2023)!.id],
        [MUENCHEN, 'rate_conflict', 'document', wrongRate],
      ].sort(),
    );
    const muenchen = r.rows.find((x) => x.year === 2023 && x.ags === MUENCHEN)!;
    expect(muenchen).toMatchObject({
      erwartet: '14700.00',
      festgesetzt: '14400.00',
      bezahlt: '14400.00',
      abweichung_festsetzung: '-300.00',
      abweichung_zahlung: '0.00',
    });
    expect(r.years.map((y) => [y.year, y.erwartet, y.festgesetzt, y.bezahlt, y.abweichungen])).toEqual([
      [2023, '47800.00', '24220.00', '21920.00', 4],
      [2022, '47800.00', '47800.00', '47800.00', 0],
    ]);
  });
});

describe('exports', () => {
  it('writes xlsx with numeric cells whose sums equal the API figures', async () => {
    const api = await get<ExpenseReport>(`/reports/expense?company_id=${f.cid}`);
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/reports/expense/export?company_id=${f.cid}&format=xlsx`,
      headers: await f.fx.as('freigabe'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Steueraufwand-Report_GmbH-.*\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Summen je Jahr')!;
    const header = ws.getRow(9).values as unknown[];
    expect(header.slice(1, 3)).toEqual(['Jahr', 'Festgesetzt']);
    for (const [i, y] of api.years.entries()) {
      const r = ws.getRow(10 + i);
      expect(r.getCell(1).value).toBe(y.year);
      expect(typeof r.getCell(2).value === 'number' || r.getCell(2).value === null).toBe(true);
      expect(r.getCell(6).value).toBe(Number(y.aufwand));
      expect(r.getCell(6).numFmt).toContain('#,##0.00');
    }
    const sum = ws.getRow(10 + api.years.length).getCell(6).value as { formula: string; result: number };
    expect(sum.formula).toBe(`SUM(F10:F${9 + api.years.length})`);
    expect(sum.result).toBe(Number(api.total.aufwand));
    const detail = wb.getWorksheet('Je Jahr und Gemeinde')!;
    let cents = 0;
    detail.eachRow((r, n) => {
      if (n > 9 && typeof r.getCell(8).value === 'number')
        cents += Math.round((r.getCell(8).value as number) * 100);
    });
    expect(cents).toBe(Math.round(Number(api.total.aufwand) * 100));
  });

  it('names the tax years in the cash plan file: all without a range, else the range', async () => {
    const filterLines = async (years: string) => {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/reports/cashplan/export?company_id=${f.cid}&from=2024-10&format=xlsx${years}`,
        headers: await f.fx.as('freigabe'),
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      return Array.from({ length: 8 }, (_, i) => String(ws.getRow(i + 1).getCell(1).value ?? ''));
    };
    expect(await filterLines('')).toContain('Erhebungszeitraum: alle');
    expect(await filterLines('&year_from=2025&year_to=2025')).toContain('Erhebungszeitraum: 2025');
  });

  it('writes an A4 landscape PDF with header, filters and page count (read with pdf.js)', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/reports/reconciliation/export?company_id=${f.cid}&format=pdf`,
      headers: await f.fx.as('freigabe'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await openPdf(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    const [, , w, h] = page.view;
    expect([Math.round(w!), Math.round(h!)]).toEqual([842, 595]);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('Abstimmung Zerlegung – Bescheid – Zahlung – Report GmbH');
    expect(text).toContain('Erhebungszeitraum: 2021–2025');
    expect(text).toContain('20.000,00 €');
    expect(text).toContain('Seite 1 von 1');
  });

  it('breaks long reports over pages with the header and page numbers on each', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({
      gemeinde: `Gemeinde ${i + 1}`,
      betrag: `${i + 1}000.50`,
    }));
    const bytes = await toPdf({
      title: 'Testbericht',
      filename: 'x',
      filter: {
        company_id: 1,
        company_name: 'Lang GmbH',
        year_from: 2024,
        year_to: 2024,
        ags: null,
        gemeinde: null,
        stand: '2026-01-31',
      },
      filterLines: ['Firma: Lang GmbH', 'Stand: 31.01.2026'],
      tables: [
        {
          title: 'Zeilen',
          sum: true,
          columns: [
            { header: 'Gemeinde', key: 'gemeinde', type: 'text' },
            { header: 'Betrag', key: 'betrag', type: 'money' },
          ],
          rows,
        },
      ],
    });
    const pdf = await openPdf(new Uint8Array(bytes));
    expect(pdf.numPages).toBeGreaterThanOrEqual(3);
    for (let n = 1; n <= pdf.numPages; n++) {
      const text = (await (await pdf.getPage(n)).getTextContent()).items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ');
      expect(text).toContain('Testbericht – Lang GmbH');
      expect(text).toContain(`Seite ${n} von ${pdf.numPages}`);
      if (n === pdf.numPages) expect(text).toContain('11.325.075,00 €'); // Σ (i·1000 + 0.50), i = 1…150
    }
  });
});

describe('booked figures and the adopted provision', () => {
  const call = async (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.inject({ method, url: `/api${url}`, headers: await f.fx.as(user), ...(payload ? { payload } : {}) });

  it('counts the lines of exported bookings as booked, traced to the booking', async () => {
    const cid = await f.fx.company('Gebucht GmbH');
    const md = await f.fx.establishment(cid, KOELN, 'Werk Köln', true);
    // 2022: MB 1,000 × 400 % = 4,000 assessed, nothing prepaid: an Abschlusszahlung of 4,000 is booked.
    await f.fx.bescheid(cid, md, {
      erhebungszeitraum: 2022,
      bescheid_datum: '2023-06-01',
      messbetrag: '1000.00',
      hebesatz: 400,
      festgesetzte_steuer: '4000.00',
      abrechnung: '4000.00',
    });
    const expense = () =>
      get<ExpenseReport>(`/reports/expense?company_id=${cid}&year_from=2022&year_to=2022`);
    expect((await expense()).years[0]).toMatchObject({
      festgesetzt: '4000.00',
      offen: '4000.00',
      gebucht: '0.00',
    });

    const sessions = (await call('freigabe', 'GET', `/companies/${cid}/bookings?type=bescheid`)).json();
    const sid = sessions.data[0].id as number;
    for (const [user, action] of [
      ['freigabe', 'close'],
      ['freigabe', 'submit'],
      ['admin', 'approve'],
    ] as const)
      expect((await call(user, 'PUT', `/bookings/${sid}/${action}`, {})).statusCode).toBe(200);
    // still approved, not exported: not booked yet
    expect((await expense()).years[0]!.gebucht).toBe('0.00');
    await ctx.built.database.db.transaction((tx) => recordExportResult(tx, SYSTEM_ACTOR, sid, { ok: true }));

    const r = await expense();
    expect(r.years[0]).toMatchObject({ gebucht: '4000.00', offen: '4000.00' });
    expect(r.rows[0]).toMatchObject({ ags: KOELN, gebucht: '4000.00' });
    expect(r.total.gebucht).toBe('4000.00');
    const t = await get<Trace>(`/reports/trace?company_id=${cid}&report=expense&column=gebucht&year=2022`);
    expect(t.summe).toBe('4000.00');
    expect(t.payment_lines.map((l) => `${l.kind} ${l.betrag}`)).toEqual(['abschlusszahlung 4000.00']);
    expect(t.bookings).toEqual([{ id: t.payment_lines[0]!.booking_id, session_id: sid, betrag: '4000.00' }]);
  });

  it('adopts the provision proposal (audit-logged) and a later assessment books against it', async () => {
    const cid = await f.fx.company('Rückstellung GmbH');
    const md = await f.fx.establishment(cid, KOELN, 'Werk Köln', true);
    // 2024: our Zerlegung MB 1,000 × 475 % = 4,750, prepayments 4 × 500 paid → provision 2,750.
    await f.fx.zerlegung(cid, 2024, '1000.00', [
      { ags: KOELN, gl: true, hebesatz: 475, loehne: '500000.00' },
    ]);
    await f.fx.prepayments(md, 2024, '500.00');
    const proposal = await get<ProvisionReport>(`/reports/provision?company_id=${cid}&year=2024`);
    expect(proposal.total).toEqual({
      erwartet: '4750.00',
      vorauszahlungen: '2000.00',
      rueckstellung: '2750.00',
    });

    const adopt = (rueckstellung: string, user = 'freigabe') =>
      call(user, 'POST', '/reports/provision/adopt', { company_id: cid, year: 2024, rueckstellung });
    const stale = await adopt('2500.00');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PROVISION_PROPOSAL_CHANGED' });
    expect(stale.json().error).toContain('2.750,00 €');
    expect((await adopt('2750.00', 'sachbearbeitung')).statusCode).toBe(403);
    const adopted = await adopt('2750.00');
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(adopted.json()).toMatchObject({
      year: 2024,
      amount: '2750.00',
      remaining: '2750.00',
    });
    expect(adopted.json().note).toMatch(
      /^Aus dem Rückstellungsvorschlag vom .*Messbetrag 1\.000,00 € \(gespeicherte Zerlegung\)/,
    );
    const audit = (await call('admin', 'GET', '/logs?entity=provision')).json();
    expect(audit.data[0]).toMatchObject({
      action: 'provision-create',
      after: { company_id: cid, year: 2024, amount: '2750.00' },
    });

    // The Bescheid 2024 (4,750): the Abschlusszahlung of 2,750 is booked against the provision.
    await f.fx.bescheid(cid, md, {
      erhebungszeitraum: 2024,
      bescheid_datum: '2025-05-12',
      messbetrag: '1000.00',
      hebesatz: 475,
      festgesetzte_steuer: '4750.00',
    });
    const provisions = (await call('freigabe', 'GET', `/companies/${cid}/provisions`)).json();
    expect(provisions).toMatchObject([{ year: 2024, amount: '2750.00', used: '2750.00', remaining: '0.00' }]);
    // with a notice, the proposal is the assessed figure: nothing further to provide
    const after = await get<ProvisionReport>(`/reports/provision?company_id=${cid}&year=2024`);
    expect(after.rows[0]).toMatchObject({
      quelle: 'bescheid',
      erwartet: '4750.00',
      rueckstellung: '2750.00',
    });
  });

  it('refuses to adopt a negative proposal', async () => {
    // Prepaid 6,000, assessed 5,200: a refund of 800 to expect, no provision.
    const cid = await f.fx.company('Erstattung GmbH');
    const md = await f.fx.establishment(cid, MUENCHEN, 'Büro München', true);
    await f.fx.prepayments(md, 2023, '1500.00');
    await f.fx.bescheid(cid, md, {
      erhebungszeitraum: 2023,
      bescheid_datum: '2024-05-10',
      messbetrag: '1300.00',
      hebesatz: 400,
      festgesetzte_steuer: '5200.00',
    });
    const res = await call('freigabe', 'POST', '/reports/provision/adopt', {
      company_id: cid,
      year: 2023,
      rueckstellung: '-800.00',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'PROVISION_NEGATIVE' });
    expect(res.json().error).toContain('800,00 €');
  });
});

describe('permissions and validation', () => {
  it('refuses users without the reporting permission and bad filters in German', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/reports/expense?company_id=${f.cid}`,
      headers: await f.fx.as('sachbearbeitung'),
    });
    expect(res.statusCode).toBe(403);
    const bad = await ctx.inject({
      method: 'GET',
      url: `/api/reports/expense?company_id=${f.cid}&year_from=2025&year_to=2020&ags=123`,
      headers: await f.fx.as('freigabe'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ ags: ['AGS hat 8 Ziffern.'] });
    const unknown = await ctx.inject({
      method: 'GET',
      url: '/api/reports/cashplan?company_id=999999',
      headers: await f.fx.as('freigabe'),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
