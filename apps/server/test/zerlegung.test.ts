import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { findDemoUser } from '../src/idp/demo-users';
import { compareWithNotices } from '../src/modules/zerlegung/comparison';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();
let companyId = 0;

const as = async (user: string) => bearer(await ctx.token(user));

const save = (overrides: Record<string, unknown> = {}) => ({
  company_id: companyId,
  year: 2024,
  messbetrag: '4500',
  schluessel: 'arbeitslohn',
  zeilen: [
    {
      ags: '07111000',
      name: 'Koblenz – Zentrale',
      geschaeftsleitung: true,
      arbeitsloehne: '300000',
      hebesatz: 410,
    },
    { ags: '07211000', name: 'Trier – Lager', geschaeftsleitung: false, arbeitsloehne: '100000' },
  ],
  ...overrides,
});

async function xlsxBase64(rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Löhne');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  const admin = await as('admin');
  const created = await ctx.inject({
    method: 'POST',
    url: '/api/companies',
    headers: admin,
    payload: { name: 'Zerlegungstest GmbH', main_color: '#123456', legal_form: 'kapitalgesellschaft' },
  });
  companyId = created.json().id;
  const q = ctx.built.database.query.bind(ctx.built.database);
  await q(`insert into municipalities (ags, name, bundesland, search_key, search_key_alt) values
      ('07111000', 'Koblenz', 'Rheinland-Pfalz', 'koblenz', 'koblenz'),
      ('07211000', 'Trier', 'Rheinland-Pfalz', 'trier', 'trier'),
      ('05315000', 'Köln', 'Nordrhein-Westfalen', 'koln', 'koeln') on conflict do nothing`);
  await q(`insert into municipality_rates (ags, year, hebesatz, source) values
      ('07211000', 2024, 420, 'destatis'), ('07111000', 2024, 999, 'destatis')
      on conflict (ags, year) do update set hebesatz = excluded.hebesatz`);
  const [koblenz] = await q<{ id: number }>(
    `insert into master_data (company_id, ags, designation, geschaeftsleitung) values ($1, '07111000', 'Zentrale', true) returning id`,
    [companyId],
  );
  const [trier] = await q<{ id: number }>(
    `insert into master_data (company_id, ags, designation) values ($1, '07211000', 'Lager') returning id`,
    [companyId],
  );
  await q(
    `insert into master_data (company_id, ags, designation, valid_to) values ($1, '05315000', 'Geschlossen', '2022-12-31')`,
    [companyId],
  );
  await q(
    `insert into master_data_wages (master_data_id, year, wages) values ($1, 2024, 300000), ($2, 2024, 100000)`,
    [koblenz!.id, trier!.id],
  );
  await q(
    `insert into master_data_rates (master_data_id, year, hebesatz, source) values ($1, 2023, 410, 'manual')`,
    [koblenz!.id],
  );
});

describe('Zerlegung permissions', () => {
  it('needs close-bi-sessions-generate-reports', async () => {
    for (const user of ['leser', 'sachbearbeitung']) {
      expect(
        (await ctx.inject({ method: 'GET', url: '/api/zerlegungen', headers: await as(user) })).statusCode,
      ).toBe(403);
    }
    const post = await ctx.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers: await as('sachbearbeitung'),
      payload: save(),
    });
    expect(post.statusCode).toBe(403);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/zerlegungen', headers: await as('freigabe') }))
        .statusCode,
    ).toBe(200);
  });
});

describe('prefill from master data', () => {
  it('proposes the active establishments with their wages and Hebesätze of the year', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/zerlegungen/prefill?company_id=${companyId}&year=2024`,
      headers: await as('freigabe'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rechtsform: 'kapitalgesellschaft',
      zeilen: [
        {
          ags: '07111000',
          name: expect.stringMatching(/^Koblenz.* – Zentrale$/),
          geschaeftsleitung: true,
          hebesatz: 410,
          arbeitsloehne: '300000.00',
        },
        {
          ags: '07211000',
          name: expect.stringMatching(/^Trier.* – Lager$/),
          geschaeftsleitung: false,
          hebesatz: 420,
          arbeitsloehne: '100000.00',
        },
      ],
      hinweise: [
        'Für 1 Gemeinde(n) ist in den Stammdaten kein Hebesatz für 2024 hinterlegt; verwendet wurde der Hebesatz 2023 aus den Stammdaten.',
      ],
    });
    const unknown = await ctx.inject({
      method: 'GET',
      url: '/api/zerlegungen/prefill?company_id=999999&year=2024',
      headers: await as('freigabe'),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.company_id).toEqual(['Diese Firma gibt es nicht.']);
  });
});

describe('stored, versioned Zerlegungen', () => {
  let id = 0;

  it('saves version 1 with the server result (Hebesatz from master data or the reference table)', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers: await as('freigabe'),
      payload: save(),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    id = body.id;
    expect(body).toMatchObject({
      company_name: 'Zerlegungstest GmbH',
      year: 2024,
      version: 1,
      current_version: 1,
      vergleich: [],
    });
    expect(
      body.result.zeilen.map((z: { anteil: string; hebesatz: number; steuer: string }) => [
        z.anteil,
        z.hebesatz,
        z.steuer,
      ]),
    ).toEqual([
      ['3375.00', 410, '13837.50'],
      ['1125.00', 420, '4725.00'],
    ]);
    expect(body.zeilen[1].name).toBe('Trier – Lager');
    const list = await ctx.inject({
      method: 'GET',
      url: `/api/zerlegungen?company_id=${companyId}&year=2024`,
      headers: await as('freigabe'),
    });
    expect(list.json()).toEqual([
      expect.objectContaining({
        id,
        version: 1,
        messbetrag: '4500.00',
        gemeinden: 2,
        summe_steuer: '18562.50',
        updated_by: 'freigabe',
      }),
    ]);
  });

  it('makes a new version on change and keeps the old one readable', async () => {
    const changed = save({
      bemerkung: 'Löhne Trier korrigiert',
      zeilen: [
        save().zeilen[0],
        { ags: '07211000', name: 'Trier – Lager', geschaeftsleitung: false, arbeitsloehne: '150000' },
      ],
    });
    const res = await ctx.inject({
      method: 'PUT',
      url: `/api/zerlegungen/${id}`,
      headers: await as('admin'),
      payload: changed,
    });
    expect(res.statusCode).toBe(200);
    const v2 = res.json();
    expect(v2).toMatchObject({ version: 2, current_version: 2, bemerkung: 'Löhne Trier korrigiert' });
    expect(v2.result.zeilen.map((z: { anteil: string }) => z.anteil)).toEqual(['3000.00', '1500.00']);
    expect(
      v2.versions.map((v: { version: number; created_by: string; created_by_name: string }) => [
        v.version,
        v.created_by,
        v.created_by_name,
      ]),
    ).toEqual([
      [2, 'admin', findDemoUser('admin')?.name],
      [1, 'freigabe', findDemoUser('freigabe')?.name],
    ]);
    const v1 = await ctx.inject({
      method: 'GET',
      url: `/api/zerlegungen/${id}?version=1`,
      headers: await as('freigabe'),
    });
    expect(v1.json()).toMatchObject({ version: 1, current_version: 2 });
    expect(v1.json().result.zeilen[1].anteil).toBe('1125.00');
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: `/api/zerlegungen/${id}?version=7`,
          headers: await as('freigabe'),
        })
      ).statusCode,
    ).toBe(404);
    const logs = await ctx.built.database.query<{ action: string }>(
      `select action from audit_logs where entity = 'zerlegung' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(logs.map((l) => l.action)).toEqual(['create', 'update']);
  });

  it('compares with confirmed notices: the Zerlegungsbescheid wins, a municipal notice fills the rest', async () => {
    const insertNotice = (
      type: string,
      status: string,
      fields: unknown,
      masterDataAgs: string | null = null,
    ) =>
      ctx.built.database.query(
        `insert into documents (company_id, filename, size, sha256, original_path, file_path, type, status, fields, master_data_id)
         values ($1, $2, 1, md5(random()::text), 'x.pdf', 'x.pdf', $3, $4, $5::jsonb,
           (select id from master_data where company_id = $1 and ags = $6 limit 1))`,
        [companyId, `${type}.pdf`, type, status, JSON.stringify(fields), masterDataAgs],
      );
    const f = (value: unknown) => ({
      value,
      confidence: 1,
      page: 1,
      rect: [0, 0, 1, 1],
      source: 'extraction',
    });
    await insertNotice('zerlegungsbescheid', 'geprueft', {
      erhebungszeitraum: f(2024),
      zerlegungsanteile: f([{ gemeinde: 'Koblenz', ags: '07111000', anteil: '2990.00' }]),
    });
    // Trier's own notice (AGS from the assigned establishment) and noise that must be ignored
    await insertNotice(
      'gewst_bescheid',
      'geprueft',
      { erhebungszeitraum: f(2024), messbetrag: f('1510.00') },
      '07211000',
    );
    await insertNotice('gewst_bescheid', 'geprueft', {
      erhebungszeitraum: f(2024),
      ags: f('07111000'),
      messbetrag: f('1.00'),
    });
    await insertNotice('zerlegungsbescheid', 'zu_pruefen', {
      erhebungszeitraum: f(2024),
      zerlegungsanteile: f([{ ags: '07211000', anteil: '9.99' }]),
    });
    await insertNotice('zerlegungsbescheid', 'geprueft', {
      erhebungszeitraum: f(2023),
      zerlegungsanteile: f([{ ags: '07211000', anteil: '8.88' }]),
    });
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/zerlegungen/${id}`,
      headers: await as('freigabe'),
    });
    expect(res.json().vergleich).toEqual([
      {
        ags: '07111000',
        erwartet: '3000.00',
        bescheid: '2990.00',
        abweichung: '-10.00',
        quelle: 'zerlegungsbescheid',
      },
      {
        ags: '07211000',
        erwartet: '1500.00',
        bescheid: '1510.00',
        abweichung: '10.00',
        quelle: 'gewst_bescheid',
      },
    ]);

    // an amended Zerlegungsbescheid replaces the earlier list as a whole; "later" goes by
    // the date printed on the notice, not by when it was uploaded
    await insertNotice('zerlegungsbescheid', 'geprueft', {
      erhebungszeitraum: f(2024),
      bescheid_datum: f('2026-03-01'),
      zerlegungsanteile: f([
        { ags: '07111000', anteil: '3000.00' },
        { ags: '05315000', anteil: '15.00' },
      ]),
    });
    await ctx.built.database.query(
      `update documents set fields = jsonb_set(fields, '{bescheid_datum}', $2::jsonb)
       where company_id = $1 and type = 'zerlegungsbescheid' and fields->'bescheid_datum' is null`,
      [companyId, JSON.stringify(f('2025-09-01'))],
    );
    await ctx.built.database.query(
      `update documents set created_at = now() - interval '1 day'
       where company_id = $1 and fields->'bescheid_datum'->>'value' = '2026-03-01'`,
      [companyId],
    );
    const amended = await ctx.inject({
      method: 'GET',
      url: `/api/zerlegungen/${id}`,
      headers: await as('freigabe'),
    });
    expect(amended.json().vergleich).toEqual([
      {
        ags: '07111000',
        erwartet: '3000.00',
        bescheid: '3000.00',
        abweichung: '0.00',
        quelle: 'zerlegungsbescheid',
      },
      {
        ags: '07211000',
        erwartet: '1500.00',
        bescheid: '1510.00',
        abweichung: '10.00',
        quelle: 'gewst_bescheid',
      },
      {
        ags: '05315000',
        erwartet: '0.00',
        bescheid: '15.00',
        abweichung: '15.00',
        quelle: 'zerlegungsbescheid',
      },
    ]);
    await ctx.built.database.query(`delete from documents where company_id = $1`, [companyId]);
  });

  it('refuses impossible input with German field messages', async () => {
    const headers = await as('freigabe');
    const noGl = await ctx.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers,
      payload: save({ zeilen: [{ ags: '07111000', arbeitsloehne: '1000' }] }),
    });
    expect(noGl.statusCode).toBe(400);
    expect(noGl.json().errors.zeilen).toEqual(['Genau eine Gemeinde muss Ort der Geschäftsleitung sein.']);
    const badLine = await ctx.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers,
      payload: save({
        messbetrag: '12,50',
        zeilen: [{ ags: '0711', geschaeftsleitung: true, arbeitsloehne: '-5' }],
      }),
    });
    expect(Object.keys(badLine.json().errors).sort()).toEqual([
      'messbetrag',
      'zeilen.0.ags',
      'zeilen.0.arbeitsloehne',
    ]);
    const unknownAgs = await ctx.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers,
      payload: save({ zeilen: [{ ags: '07999999', geschaeftsleitung: true, arbeitsloehne: '1000' }] }),
    });
    expect(unknownAgs.json().errors).toEqual({
      'zeilen.0.ags': ['Der Gemeindeschlüssel 07999999 ist keiner Gemeinde zugeordnet.'],
    });
    const otherYear = await ctx.inject({
      method: 'PUT',
      url: `/api/zerlegungen/${id}`,
      headers,
      payload: save({ year: 2023 }),
    });
    expect(otherYear.statusCode).toBe(400);
    expect(otherYear.json().errors.year[0]).toMatch(/nicht geändert/);
    const noCompany = await ctx.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers,
      payload: save({ company_id: 999999 }),
    });
    expect(noCompany.json().errors.company_id).toEqual(['Diese Firma gibt es nicht.']);
  });

  it('exports xlsx and PDF files that open', async () => {
    const headers = await as('freigabe');
    const xlsx = await ctx.inject({ method: 'GET', url: `/api/zerlegungen/${id}/xlsx`, headers });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('Zerlegung-Zerlegungstest');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Zerlegung')!;
    const values = ws
      .getSheetValues()
      .filter((r) => Array.isArray(r))
      .map((r) => r.slice(1));
    expect(values.find((r) => r[0] === 'Firma')?.[1]).toBe('Zerlegungstest GmbH');
    expect(values.find((r) => r[0] === 'Trier – Lager')?.slice(1, 6)).toEqual([
      '07211000',
      '',
      150000,
      0.3333333333,
      1500,
    ]);
    expect(values.find((r) => r[0] === 'Summe')?.[5]).toBe(4500);

    const pdf = await ctx.inject({ method: 'GET', url: `/api/zerlegungen/${id}/pdf?version=1`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('GewSt-Zerlegung Zerlegungstest GmbH 2024');
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/zerlegungen/999999/pdf', headers })).statusCode,
    ).toBe(404);
  });

  it('keeps the company from being deleted while a Zerlegung exists, then deletes it', async () => {
    const admin = await as('admin');
    await ctx.built.database.query('delete from master_data where company_id = $1', [companyId]);
    const refused = await ctx.inject({
      method: 'DELETE',
      url: `/api/companies/${companyId}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('Zerlegungen');
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/zerlegungen/${id}`, headers: admin })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/zerlegungen/${id}`, headers: admin })).statusCode,
    ).toBe(404);
  });
});

describe('xlsx wage import', () => {
  const post = async (content_base64: string) =>
    ctx.inject({
      method: 'POST',
      url: '/api/zerlegungen/wage-import',
      headers: await as('freigabe'),
      payload: { filename: 'loehne.xlsx', content_base64 },
    });

  it('reads wages per municipality (German number text, AGS without leading zero)', async () => {
    const res = await post(
      await xlsxBase64([
        ['Lohnsummen 2024'],
        ['Gemeinde', 'AGS', 'Arbeitslöhne', 'Geschäftsleitung'],
        ['Koblenz', 7111000, 300000, 'ja'],
        ['Trier', '07211000', '100.000,50', ''],
        ['Kaputt', '123', '5', ''],
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      art: 'gemeinde',
      zeilen: [
        {
          ags: '07111000',
          name: 'Koblenz',
          geschaeftsleitung: true,
          arbeitsloehne: '300000.00',
          arbeitnehmer: 0,
        },
        {
          ags: '07211000',
          name: 'Trier',
          geschaeftsleitung: false,
          arbeitsloehne: '100000.50',
          arbeitnehmer: 0,
        },
      ],
      fehler: ['Zeile 5: „123“ ist kein gültiger Gemeindeschlüssel (8 Ziffern).'],
    });
  });

  it('sums employees per municipality under §31 (cap 50,000 €, trainees and hired staff excluded)', async () => {
    const res = await post(
      await xlsxBase64([
        ['Personalnummer', 'AGS', 'Lohn', 'Zuschläge', 'Auszubildend', 'Fremdpersonal'],
        ['1', '07111000', 80000, 0, '', ''],
        ['2', '07111000', 40000, 2500, '', ''],
        ['3', '07111000', 12000, 0, 'ja', ''],
        ['4', '07211000', 30000, 0, '', 'x'],
        ['5', '07211000', 45000, 0, '', ''],
      ]),
    );
    expect(res.json()).toMatchObject({
      art: 'arbeitnehmer',
      zeilen: [
        { ags: '07111000', arbeitsloehne: '92500.00', arbeitnehmer: 3 },
        { ags: '07211000', arbeitsloehne: '45000.00', arbeitnehmer: 2 },
      ],
      fehler: [],
    });
  });

  it('caps an employee with several rows (months, two establishments) once at 50,000 €', async () => {
    const res = await post(
      await xlsxBase64([
        ['Personalnummer', 'AGS', 'Lohn'],
        ['7', '07111000', 30000],
        ['7', '07111000', 30000],
        ['8', '07111000', 45000],
        ['8', '07211000', 15000],
      ]),
    );
    // 7: 60,000 → 50,000 in Koblenz; 8: 60,000 → 50,000 split 3:1 → 37,500 / 12,500
    expect(res.json()).toMatchObject({
      art: 'arbeitnehmer',
      zeilen: [
        { ags: '07111000', arbeitsloehne: '87500.00', arbeitnehmer: 2 },
        { ags: '07211000', arbeitsloehne: '12500.00', arbeitnehmer: 1 },
      ],
      fehler: [],
    });
  });

  it('refuses files that are not xlsx or lack the columns', async () => {
    const notXlsx = await post(Buffer.from('hallo').toString('base64'));
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().errors.content_base64[0]).toMatch(/keine lesbare Excel-Datei/);
    const noHeader = await post(
      await xlsxBase64([
        ['Name', 'Wert'],
        ['a', 1],
      ]),
    );
    expect(noHeader.json().errors.content_base64[0]).toMatch(/Keine Kopfzeile/);
  });
});

describe('comparison with received notices', () => {
  const result = {
    zeilen: [
      { ags: '07111000', anteil: '3375.00' },
      { ags: '07211000', anteil: '1125.00' },
    ],
  } as Parameters<typeof compareWithNotices>[0];

  it('is empty without notices and prefers the Zerlegungsbescheid', () => {
    expect(compareWithNotices(result, [])).toEqual([]);
    expect(
      compareWithNotices(result, [
        { ags: '07111000', anteil: '3300', quelle: 'gewst_bescheid' },
        { ags: '07111000', anteil: '3380.10', quelle: 'zerlegungsbescheid' },
      ]),
    ).toEqual([
      {
        ags: '07111000',
        erwartet: '3375.00',
        bescheid: '3380.10',
        abweichung: '5.10',
        quelle: 'zerlegungsbescheid',
      },
      { ags: '07211000', erwartet: '1125.00', bescheid: null, abweichung: null, quelle: null },
    ]);
  });

  it('lets a later notice of the same kind win and lists municipalities only a notice names', () => {
    expect(
      compareWithNotices(result, [
        { ags: '07211000', anteil: '1100.00', quelle: 'gewst_bescheid' },
        { ags: '07211000', anteil: '1125.00', quelle: 'gewst_bescheid' },
        { ags: '07111000', anteil: '3000.00', quelle: 'zerlegungsbescheid' },
        { ags: '07111000', anteil: '3375.00', quelle: 'zerlegungsbescheid' },
        { ags: '07111000', anteil: '1.00', quelle: 'gewst_bescheid' },
        { ags: '05315000', anteil: '12.50', quelle: 'zerlegungsbescheid' },
      ]),
    ).toEqual([
      {
        ags: '07111000',
        erwartet: '3375.00',
        bescheid: '3375.00',
        abweichung: '0.00',
        quelle: 'zerlegungsbescheid',
      },
      {
        ags: '07211000',
        erwartet: '1125.00',
        bescheid: '1125.00',
        abweichung: '0.00',
        quelle: 'gewst_bescheid',
      },
      {
        ags: '05315000',
        erwartet: '0.00',
        bescheid: '12.50',
        abweichung: '12.50',
        quelle: 'zerlegungsbescheid',
      },
    ]);
  });
});
