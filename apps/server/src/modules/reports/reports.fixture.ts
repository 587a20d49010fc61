import type { PaymentDetail } from '@gewst/domain';
import { expect } from 'vitest';
import { bearer, type TestContext } from '../../../test/helpers';

/**
 * Fixed report data built through the real API: companies, establishments, saved
 * Zerlegungen, manual prepayment lines, and notices confirmed by the real payment rules
 * (the document rows are inserted as if extracted; confirming them is the API call).
 */
export function reportFixture(ctx: TestContext) {
  const as = async (user: string) => bearer(await ctx.token(user));

  async function company(name: string) {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/companies',
      headers: await as('admin'),
      payload: { name, main_color: '#123456', legal_form: 'kapitalgesellschaft' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  async function establishment(companyId: number, ags: string, designation: string, gl = false) {
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/masterData`,
      headers: await as('sachbearbeitung'),
      payload: { ags, designation, geschaeftsleitung: gl },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  async function line(md: number, year: number, body: Record<string, unknown>) {
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/payments/${md}/${year}/lines`,
      headers: await as('sachbearbeitung'),
      payload: { reason: 'Testdaten Reporting', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as PaymentDetail).payment_lines.at(-1)!.id;
  }

  async function pay(lineId: number, date = '2024-01-10') {
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/payment-lines/${lineId}/status`,
      headers: await as('sachbearbeitung'),
      payload: { status: 'bezahlt', date },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Four prepayments of `betrag` due on the 15th of Feb/May/Aug/Nov; the first `paid` paid. */
  async function prepayments(md: number, year: number, betrag: string, paid = 4) {
    const ids: number[] = [];
    for (const [i, m] of ['02', '05', '08', '11'].entries()) {
      const id = await line(md, year, {
        kind: 'vorauszahlung',
        quartal: i + 1,
        betrag,
        faellig_am: `${year}-${m}-15`,
      });
      if (i < paid) await pay(id);
      ids.push(id);
    }
    return ids;
  }

  /** A notice as the extraction leaves it (zu_pruefen), confirmed through the API. */
  async function notice(
    companyId: number,
    md: number,
    type: string,
    fields: Record<string, unknown>,
  ): Promise<number> {
    const [row] = await ctx.built.database.query<{ id: number }>(
      `insert into documents (company_id, filename, sha256, size, original_path, file_path, type, status,
         fields, master_data_id)
       values ($1, $2, $3, 1, 'x/y.pdf', 'x/y.pdf', $4, 'zu_pruefen', $5::jsonb, $6) returning id`,
      [
        companyId,
        `${type}-${md}-${String(fields.erhebungszeitraum)}-${String(fields.bescheid_datum)}.pdf`,
        `${md}${JSON.stringify(fields)}`,
        type,
        JSON.stringify(
          Object.fromEntries(
            Object.entries(fields).map(([k, value]) => [
              k,
              { value, confidence: 1, page: 1, rect: [10, 10, 100, 12], source: 'user' },
            ]),
          ),
        ),
        md,
      ],
    );
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/documents/${row!.id}/confirm`,
      headers: await as('sachbearbeitung'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return row!.id;
  }

  const bescheid = (companyId: number, md: number, f: Record<string, unknown>) =>
    notice(companyId, md, 'gewst_bescheid', f);

  async function openLines(md: number, year: number) {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/payments/${md}/${year}`,
      headers: await as('leser'),
    });
    return (res.json() as PaymentDetail).payment_lines.filter(
      (l) => l.superseded_by === null && l.status === 'offen',
    );
  }

  async function payOpen(md: number, year: number) {
    for (const l of await openLines(md, year)) await pay(l.id);
  }

  async function zerlegung(
    companyId: number,
    year: number,
    messbetrag: string,
    zeilen: { ags: string; gl?: boolean; hebesatz: number; loehne: string }[],
  ) {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers: await as('freigabe'),
      payload: {
        company_id: companyId,
        year,
        messbetrag,
        schluessel: 'arbeitslohn',
        zeilen: zeilen.map((z) => ({
          ags: z.ags,
          geschaeftsleitung: z.gl ?? false,
          hebesatz: z.hebesatz,
          arbeitsloehne: z.loehne,
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  return {
    as,
    company,
    establishment,
    line,
    pay,
    prepayments,
    notice,
    bescheid,
    payOpen,
    openLines,
    zerlegung,
  };
}

export const KOELN = '05315000';
export const MUENCHEN = '09162000';
export const HAMBURG = '02000000';
export const FRANKFURT = '06412000';

/**
 * "Report GmbH" — hand-computed figures in reports.test.ts:
 * Köln (GL): 2022 MB 2,000 × 450 % = 9,000 (prepaid exactly); 2023 first Bescheid MB 2,000 ×
 * 475 % = 9,500 (Abschlusszahlung 500 paid), amended MB 2,200 × 475 % = 10,450 (Abschlusszahlung
 * 950 open, due 07.10.2024); 2024 prepayments 4 × 2,250 (two paid); 2025 prepayments 4 × 2,612 open.
 * München: 2022 MB 1,500 × 400 % = 6,000 (prepaid); 2023 MB 1,300 × 400 % = 5,200 after
 * prepayments of 6,000 → refund 800 received.
 * Hamburg: 2021 MB 5,000 × 400 % = 20,000, no prepayments, Nachzahlungszinsen 250 (ours 240),
 * nothing paid. Zerlegung 2024: MB 4,000, wages Köln 600,000 / München 400,000.
 */
export async function buildReportCompany(ctx: TestContext) {
  const fx = reportFixture(ctx);
  const cid = await fx.company('Report GmbH');
  const koeln = await fx.establishment(cid, KOELN, 'Zentrale Köln', true);
  const muenchen = await fx.establishment(cid, MUENCHEN, 'Niederlassung München');
  const hamburg = await fx.establishment(cid, HAMBURG, 'Lager Hamburg');
  /** A Bescheid of the year `ez` dated `datum`: Messbetrag × Hebesatz = the assessed tax. */
  const assess = (
    md: number,
    ez: number,
    datum: string,
    messbetrag: string,
    hebesatz: number,
    steuer: string,
    more: Record<string, unknown> = {},
  ) =>
    fx.bescheid(cid, md, {
      erhebungszeitraum: ez,
      bescheid_datum: datum,
      messbetrag,
      hebesatz,
      festgesetzte_steuer: steuer,
      ...more,
    });

  await fx.prepayments(koeln, 2022, '2250.00');
  await assess(koeln, 2022, '2023-06-01', '2000.00', 450, '9000.00');
  await fx.prepayments(muenchen, 2022, '1500.00');
  await assess(muenchen, 2022, '2023-06-01', '1500.00', 400, '6000.00');

  await fx.prepayments(koeln, 2023, '2250.00');
  await assess(koeln, 2023, '2024-05-10', '2000.00', 475, '9500.00');
  await fx.payOpen(koeln, 2023);
  const amended = await assess(koeln, 2023, '2024-09-02', '2200.00', 475, '10450.00');
  await fx.prepayments(muenchen, 2023, '1500.00');
  await assess(muenchen, 2023, '2024-05-10', '1300.00', 400, '5200.00');
  await fx.payOpen(muenchen, 2023);

  await assess(hamburg, 2021, '2024-06-03', '5000.00', 400, '20000.00', {
    abrechnung: '20000.00',
    zinsen: '250.00',
  });

  await fx.prepayments(koeln, 2024, '2250.00', 2);
  await fx.prepayments(koeln, 2025, '2612.00', 0);
  await fx.zerlegung(cid, 2024, '4000.00', [
    { ags: KOELN, gl: true, hebesatz: 475, loehne: '600000.00' },
    { ags: MUENCHEN, hebesatz: 490, loehne: '400000.00' },
  ]);
  return { fx, cid, koeln, muenchen, hamburg, amended };
}
