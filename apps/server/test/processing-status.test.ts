import type { ProcessingStatus } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();
const YEAR = 2023;

/** A company with three establishments in two municipalities and its notices of YEAR. */
async function plantCompany() {
  const q = ctx.built.database.query.bind(ctx.built.database);
  const [company] = await q<{ id: number }>(
    `insert into companies (name, main_color, legal_form, chart_of_accounts)
     values ('Lückentest GmbH', '#123456', 'kapitalgesellschaft', 'SKR04') returning id`,
  );
  const companyId = company!.id;
  const place = async (ags: string, designation: string, validTo: string | null = null) =>
    (
      await q<{ id: number }>(
        `insert into master_data (company_id, ags, designation, valid_to) values ($1, $2, $3, $4) returning id`,
        [companyId, ags, designation, validTo],
      )
    )[0]!.id;
  const zentrale = await place('07111000', 'Zentrale');
  const lager = await place('07211000', 'Lager');
  const filiale = await place('07111000', 'Filiale');
  // Closed before the year: expects nothing.
  await place('07211000', 'Altes Werk', `${YEAR - 1}-06-30`);

  let n = 0;
  const notice = async (type: string, masterDataId: number | null, status: string, year = YEAR) => {
    n += 1;
    const [row] = await q<{ id: number }>(
      `insert into documents (company_id, filename, sha256, size, original_path, file_path, type, status,
                              master_data_id, fields)
       values ($1, $2, $3, 1, 'x', 'x', $4, $5, $6, $7) returning id`,
      [
        companyId,
        `${type}-${n}.pdf`,
        `${n}`.padStart(64, 'f'),
        type,
        status,
        masterDataId,
        JSON.stringify({ erhebungszeitraum: { value: String(year) } }),
      ],
    );
    return row!.id;
  };
  const ids: Record<string, number> = {};
  for (const [name, id] of Object.entries({ zentrale, lager, filiale })) {
    ids[`gewst_${name}`] = await notice('gewst_bescheid', id, 'geprueft');
    ids[`vz_${name}`] = await notice('vorauszahlungsbescheid', id, 'zu_pruefen');
  }
  ids.mess = await notice('messbescheid', null, 'geprueft');
  ids.zerlegung = await notice('zerlegungsbescheid', null, 'neu');
  // Another year's notice does not fill this year's gap.
  await notice('gewst_bescheid', lager, 'geprueft', YEAR - 1);
  return { companyId, ids, q };
}

describe('processing status', () => {
  it('finds the planted gaps (a missing Bescheid, a missing Zerlegungsbescheid) and nothing else on complete data', async () => {
    const auth = bearer(await ctx.token('leser'));
    const { companyId, ids, q } = await plantCompany();
    const read = async (query = '') => {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/service/processing-status?year=${YEAR}${query}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as ProcessingStatus;
      return { ...body, items: body.items.filter((i) => i.company_id === companyId) };
    };

    const complete = await read();
    // 3 establishments × 2 types + Messbescheid + Zerlegungsbescheid (two municipalities).
    expect(complete.items).toHaveLength(8);
    expect(complete.items.filter((i) => i.gap !== null)).toEqual([]);
    expect(complete.items.find((i) => i.type === 'messbescheid')).toMatchObject({
      state: 'geprueft',
      documents: [{ id: ids.mess }],
    });
    expect(
      complete.items.find((i) => i.designation === 'Lager' && i.type === 'vorauszahlungsbescheid'),
    ).toMatchObject({ state: 'eingegangen', municipality: 'Trier, Stadt' });

    // Booked: a notice with a live booking counts as gebucht; once the booking is reversed it
    // falls back to its review state.
    const state = async () =>
      (await read()).items.find((i) => i.designation === 'Zentrale' && i.type === 'gewst_bescheid')?.state;
    const [session] = await q<{ id: number }>(
      `insert into booking_sessions (company_id, type) values ($1, 'bescheid') returning id`,
      [companyId],
    );
    const [booking] = await q<{ id: number }>(
      `insert into bookings (session_id, company_id, booking_date, amount, sh, konto, gegenkonto, text,
                             tax_year, kind, document_id)
       values ($1, $2, '${YEAR + 1}-03-01', '100.00', 'S', '7610', '1200', 'GewSt', $3, 'abschlusszahlung', $4)
       returning id`,
      [session!.id, companyId, YEAR, ids.gewst_zentrale],
    );
    expect(await state()).toBe('gebucht');
    expect((await read()).items.filter((i) => i.gap !== null)).toEqual([]);
    await q(`update bookings set reversed_by = id where id = $1`, [booking!.id]);
    expect(await state()).toBe('geprueft');

    await q(`update documents set deleted_at = now() where id in ($1, $2)`, [ids.gewst_lager, ids.zerlegung]);
    const planted = await read();
    expect(planted.items.filter((i) => i.gap !== null).map((i) => i.gap)).toEqual([
      `Gewerbesteuerbescheid ${YEAR} für Gemeinde Trier, Stadt fehlt (Lückentest GmbH, Lager)`,
      `Zerlegungsbescheid ${YEAR} für Lückentest GmbH fehlt`,
    ]);

    const onlyType = await read('&type=gewst_bescheid');
    expect(onlyType.type).toBe('gewst_bescheid');
    expect(onlyType.items.map((i) => [i.designation, i.state])).toEqual([
      ['Filiale', 'geprueft'],
      ['Lager', 'fehlt'],
      ['Zentrale', 'geprueft'],
    ]);
    const gewst = onlyType.summary.find((s) => s.type === 'gewst_bescheid')!;
    expect(gewst.counts.fehlt).toBeGreaterThanOrEqual(1);
    expect(gewst.expected).toBe(Object.values(gewst.counts).reduce((a, b) => a + b, 0));

    const xlsx = await ctx.inject({
      method: 'GET',
      url: `/api/service/processing-status/export?year=${YEAR}`,
      headers: auth,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const bad = await ctx.inject({
      method: 'GET',
      url: '/api/service/processing-status?year=1800&type=foo',
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});
