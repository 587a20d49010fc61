import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportFilename } from '../src/modules/master-data/excel';
import { bearer, useTestApp } from './helpers';
import { multipart } from './municipalities.test';

const ctx = useTestApp();
const COMPANY = 1;
const valid = {
  ags: '09162000',
  designation: 'Niederlassung München',
  street: 'Marienplatz 1',
  zip: '80331',
  city: 'München',
  steuernummer: '143/201/40012',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bank_name: 'Stadtkasse München',
  creditor_number: 'K-4711',
  cost_center: '1000',
  valid_from: '2020-01-01',
  valid_to: null,
  geschaeftsleitung: false,
  remarks: 'Test',
  references: [{ kind: 'kassenzeichen', value: 'KZ-1' }],
  wages: [{ year: 2023, employees: 12, wages: '480000.50' }],
};

async function admin() {
  return bearer(await ctx.token('admin'));
}
async function create(body: Record<string, unknown>, company = COMPANY) {
  return ctx.inject({
    method: 'POST',
    url: `/api/companies/${company}/masterData`,
    headers: await admin(),
    payload: body,
  });
}

describe('master data CRUD', () => {
  it('creates, reads, lists, updates and deletes an establishment, each change audited', async () => {
    const created = await create(valid);
    expect(created.statusCode).toBe(201);
    const md = created.json();
    expect(md).toMatchObject({
      municipality_name: 'München, Landeshauptstadt',
      bundesland: 'Bayern',
      iban: 'DE89370400440532013000',
      active: true,
      references: [{ kind: 'kassenzeichen', value: 'KZ-1' }],
      wages: [{ year: 2023, employees: 12, wages: '480000.50' }],
      rates: [{ year: 2021, hebesatz: 490, source: 'reference', reference_hebesatz: 490 }],
    });
    const h = bearer(await ctx.token('leser'));
    expect((await ctx.inject({ method: 'GET', url: `/api/masterData/${md.id}`, headers: h })).json().id).toBe(
      md.id,
    );
    const list = await ctx.inject({
      method: 'GET',
      url: `/api/companies/${COMPANY}/masterData?search=KZ-1&active=true&bundesland=Bayern`,
      headers: h,
    });
    expect(list.json()).toMatchObject({
      data: [{ id: md.id, ags: '09162000', kassenzeichen: ['KZ-1'], hebesatz: 490, hebesatz_year: 2021 }],
      meta: { page: 1, total: 1, last_page: 1 },
    });
    const updated = await ctx.inject({
      method: 'PUT',
      url: `/api/masterData/${md.id}`,
      headers: await admin(),
      payload: { ...valid, designation: 'NL München-Mitte', valid_to: '2020-12-31', references: [] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ designation: 'NL München-Mitte', active: false, references: [] });
    const inactive = await ctx.inject({
      method: 'GET',
      url: `/api/companies/${COMPANY}/masterData?active=false&orderBy=municipality&orderDirection=desc`,
      headers: h,
    });
    expect(inactive.json().data.map((d: { id: number }) => d.id)).toContain(md.id);
    for (const [orderBy, key] of [
      ['designation', 'designation'],
      ['municipality', 'municipality_name'],
      ['ags', 'ags'],
    ] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const sorted = await ctx.inject({
          method: 'GET',
          url: `/api/companies/${COMPANY}/masterData?orderBy=${orderBy}&orderDirection=${dir}&per_page=10&page=2`,
          headers: h,
        });
        const values = (sorted.json().data as Record<string, string>[]).map((d) => d[key]!);
        const expected = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values).toEqual(dir === 'asc' ? expected : expected.reverse());
      }
    }
    const del = await ctx.inject({
      method: 'DELETE',
      url: `/api/masterData/${md.id}`,
      headers: await admin(),
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/masterData/${md.id}`, headers: h })).statusCode,
    ).toBe(404);
    const logs = await ctx.inject({
      method: 'GET',
      url: '/api/logs?entity=master_data&per_page=50',
      headers: await admin(),
    });
    const actions = (logs.json().data as { action: string; entity_id: string }[])
      .filter((e) => e.entity_id === String(md.id))
      .map((e) => e.action)
      .sort();
    expect(actions).toEqual(['create', 'delete', 'update']);
  });

  it('refuses changes without change-masterdata, allows them for Sachbearbeitung', async () => {
    const leser = bearer(await ctx.token('leser'));
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/companies/${COMPANY}/masterData`,
      headers: leser,
      payload: valid,
    });
    expect(res.statusCode).toBe(403);
    const none = bearer(await ctx.token('ohne-rechte'));
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/companies/${COMPANY}/masterData`, headers: none }))
        .statusCode,
    ).toBe(403);
    const sb = bearer(await ctx.token('sachbearbeitung'));
    const ok = await ctx.inject({
      method: 'POST',
      url: `/api/companies/${COMPANY}/masterData`,
      headers: sb,
      payload: { ags: '11000000', designation: 'Berlin Büro' },
    });
    expect(ok.statusCode).toBe(201);
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/masterData/${ok.json().id}`, headers: leser }))
        .statusCode,
    ).toBe(403);
  });

  it.each([
    ['ags', '1234', '8 Ziffern'],
    ['ags', '09999999', 'Unbekannter Gemeindeschlüssel'],
    ['designation', '', 'Bezeichnung'],
    ['designation', 'x'.repeat(201), 'höchstens 200'],
    ['street', 'x'.repeat(201), 'Straße'],
    ['zip', '8033', 'PLZ'],
    ['city', 'x'.repeat(201), 'Ort'],
    ['steuernummer', 'x'.repeat(41), 'Steuernummer'],
    ['iban', 'DE89370400440532013001', 'IBAN ist ungültig'],
    ['bic', 'XYZ', 'BIC ist ungültig'],
    ['bank_name', 'x'.repeat(201), 'Bank'],
    ['creditor_number', 'x'.repeat(41), 'Kreditorennummer'],
    ['cost_center', 'x'.repeat(41), 'Kostenstelle'],
    ['valid_from', '2024-02-30', 'Kein gültiges Datum'],
    ['valid_to', '2019-12-31', 'nicht vor „Gültig ab“'],
    ['geschaeftsleitung', 'ja', 'ja oder nein'],
    ['remarks', 'x'.repeat(2001), 'Bemerkung'],
    ['references', [{ kind: 'foo', value: '1' }], 'Art des Zeichens'],
    ['references', [{ kind: 'kassenzeichen', value: '' }], 'Bitte das Zeichen'],
    ['wages', [{ year: 2023, employees: -1, wages: '1' }], 'nicht negativ'],
    ['wages', [{ year: 2023, employees: 1, wages: '12,345' }], 'Lohnsumme'],
    ['wages', [{ year: 1800, employees: 1, wages: '1' }], 'ab 1990'],
    ['rates', [{ year: 2024, hebesatz: 150 }], 'mindestens 200'],
    ['rates', [{ year: 2021, hebesatz: 500 }], 'begründen'],
  ])('validates %s = %j with a German message', async (field, value, message) => {
    const res = await create({ ...valid, references: [], [field]: value });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe('VALIDATION_FAILED');
    const messages = Object.entries(body.errors).filter(([k]) => k === field || k.startsWith(`${field}.`));
    expect(messages.flatMap(([, m]) => m).join(' ')).toContain(message);
  });

  it('treats search text as data and refuses unknown sort fields with a German 400', async () => {
    const h = bearer(await ctx.token('leser'));
    const list = (query: string) =>
      ctx.inject({ method: 'GET', url: `/api/companies/${COMPANY}/masterData?${query}`, headers: h });
    const all = (await list('per_page=1')).json().meta.total as number;
    expect(all).toBeGreaterThan(0);
    for (const search of ["' or 1=1 --", '%', '_', "x') or ('1'='1"]) {
      const res = await list(`search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().meta.total).toBe(0);
    }
    // municipality names are searched without umlauts, like the municipality search
    const munich = (await create({ ags: '09162000', designation: 'Suchtest' })).json().id as number;
    const res = await list(`search=${encodeURIComponent('munchen')}&per_page=100`);
    const found = res.json().data as { id: number; municipality_name: string }[];
    expect(found.map((d) => d.id)).toContain(munich);
    expect(found.every((d) => d.municipality_name.includes('München'))).toBe(true);
    for (const [query, field, message] of [
      ['orderBy=designation;drop table master_data', 'orderBy', 'sortiert'],
      ['orderBy=designation&orderDirection=up', 'orderDirection', 'asc oder desc'],
      ['active=vielleicht', 'active', 'true oder false'],
      ['per_page=abc', 'per_page', ''],
    ] as const) {
      const bad = await list(query);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[field].join(' ')).toContain(message);
    }
    expect((await list('per_page=1')).json().meta.total).toBe(all + 1);
  });

  it('keeps one Geschäftsleitung per company at a time and Kassenzeichen unique per municipality', async () => {
    const company = (
      await ctx.inject({
        method: 'POST',
        url: '/api/companies',
        headers: await admin(),
        payload: { name: 'GL-Test GmbH', main_color: '#123456' },
      })
    ).json().id as number;
    const gl = await create({ ags: '02000000', designation: 'Zentrale', geschaeftsleitung: true }, company);
    expect(gl.statusCode).toBe(201);
    const second = await create(
      { ags: '11000000', designation: 'Zweite Zentrale', geschaeftsleitung: true },
      company,
    );
    expect(second.statusCode).toBe(400);
    expect(second.json().errors.geschaeftsleitung[0]).toContain('„Zentrale“');
    const later = await create(
      { ags: '11000000', designation: 'Neue Zentrale', geschaeftsleitung: true, valid_from: '2090-01-01' },
      company,
    );
    expect(later.statusCode).toBe(400);
    const a = await create(
      { ags: '05315000', designation: 'Köln A', references: [{ kind: 'kassenzeichen', value: 'K-77' }] },
      2,
    );
    expect(a.statusCode).toBe(201);
    const b = await create(
      { ags: '05315000', designation: 'Köln B', references: [{ kind: 'kassenzeichen', value: 'K-77' }] },
      2,
    );
    expect(b.statusCode).toBe(400);
    expect(b.json().errors['references.0.value'][0]).toContain('bereits bei „Köln A“');
  });

  it('refuses to delete an establishment that other data references (409), and 404 for unknown ids', async () => {
    const md = (await create({ ags: '08111000', designation: 'Stuttgart' })).json();
    // A stand-in for payments/documents; even ON DELETE SET NULL must not unlink silently.
    await ctx.built.database.query(
      'create table test_payments (id serial primary key, master_data_id integer references master_data(id) on delete set null)',
    );
    await ctx.built.database.query('insert into test_payments (master_data_id) values ($1)', [md.id]);
    const res = await ctx.inject({
      method: 'DELETE',
      url: `/api/masterData/${md.id}`,
      headers: await admin(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'MASTER_DATA_IN_USE',
      error: expect.stringContaining('verweisen'),
    });
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/masterData/${md.id}`, headers: await admin() }))
        .statusCode,
    ).toBe(200);
    await ctx.built.database.query('drop table test_payments');
    // a RESTRICT foreign key from a known table is named in German (until the real table exists)
    const [exists] = await ctx.built.database.query<{ e: boolean }>(
      "select to_regclass('payment_lines') is not null as e",
    );
    if (!exists?.e) {
      await ctx.built.database.query(
        'create table payment_lines (id serial primary key, master_data_id integer references master_data(id) on delete restrict)',
      );
      await ctx.built.database.query('insert into payment_lines (master_data_id) values ($1)', [md.id]);
      const refused = await ctx.inject({
        method: 'DELETE',
        url: `/api/masterData/${md.id}`,
        headers: await admin(),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toContain('Zahlungsdaten');
      await ctx.built.database.query('drop table payment_lines');
    }
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/masterData/${md.id}`, headers: await admin() }))
        .statusCode,
    ).toBe(204);
    expect(
      (await ctx.inject({ method: 'DELETE', url: '/api/masterData/999999', headers: await admin() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/companies/999/masterData', headers: await admin() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('Hebesatz history and conflicts', () => {
  it('sets a rate per year with a note, lists conflicts against the reference and between establishments', async () => {
    const h = await admin();
    const a = (await create({ ags: '06412000', designation: 'Frankfurt Nord' }, 3)).json();
    const b = (await create({ ags: '06412000', designation: 'Frankfurt Süd' }, 3)).json();
    const noNote = await ctx.inject({
      method: 'PUT',
      url: `/api/masterData/${a.id}/rates/2021`,
      headers: h,
      payload: { hebesatz: 470 },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors.note[0]).toContain('Referenzwert 460');
    const set = await ctx.inject({
      method: 'PUT',
      url: `/api/masterData/${a.id}/rates/2021`,
      headers: h,
      payload: { hebesatz: 470, note: 'laut Bescheid' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()[0]).toMatchObject({
      year: 2021,
      hebesatz: 470,
      source: 'manual',
      reference_hebesatz: 460,
    });
    const future = await ctx.inject({
      method: 'PUT',
      url: `/api/masterData/${b.id}/rates/2025`,
      headers: h,
      payload: { hebesatz: 480 },
    });
    expect(future.statusCode).toBe(200);

    const res = await ctx.inject({
      method: 'GET',
      url: '/api/companies/3/masterData/conflictingMunicipalityRates',
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    const mine = new Set([a.id, b.id]);
    const rows = (res.json().data as { master_data_id: number }[]).filter((r) =>
      mine.has(r.master_data_id),
    ) as {
      master_data_id: number;
      kind: string;
      year: number;
      difference: number;
      other_master_data_id: number | null;
    }[];
    expect(rows).toContainEqual(
      expect.objectContaining({
        master_data_id: a.id,
        kind: 'reference',
        year: 2021,
        hebesatz: 470,
        other_hebesatz: 460,
        difference: 10,
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        master_data_id: a.id,
        kind: 'group',
        year: 2021,
        other_master_data_id: b.id,
        difference: 10,
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        master_data_id: b.id,
        kind: 'group',
        year: 2021,
        other_master_data_id: a.id,
        difference: -10,
      }),
    );
    // 2025 has no reference rate and only one establishment with a value: no conflict.
    expect(rows.filter((r) => r.year === 2025)).toEqual([]);
    expect(res.json().meta.total).toBeGreaterThanOrEqual(rows.length);

    const reset = await ctx.inject({
      method: 'DELETE',
      url: `/api/masterData/${a.id}/rates/2021`,
      headers: h,
    });
    expect(reset.json().find((r: { year: number }) => r.year === 2021)).toMatchObject({
      hebesatz: 460,
      source: 'reference',
    });
    const after = await ctx.inject({
      method: 'GET',
      url: '/api/companies/3/masterData/conflictingMunicipalityRates?page=1',
      headers: h,
    });
    expect(after.json().data.filter((r: { master_data_id: number }) => mine.has(r.master_data_id))).toEqual(
      [],
    );
    const bad = await ctx.inject({
      method: 'GET',
      url: '/api/companies/3/masterData/conflictingMunicipalityRates?page=0',
      headers: h,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('confirmed notices and payments', () => {
  it('lists a confirmed notice rate as a conflict and refuses deletion while a document or payment references the record', async () => {
    const h = await admin();
    const md = (await create({ ags: '08212000', designation: 'Karlsruhe Bescheid' }, 3)).json();
    const ref = md.rates.find((r: { year: number }) => r.year === 2021).reference_hebesatz as number;
    const insertDoc = (status: string, hebesatz: number, deleted = false) =>
      ctx.built.database.query<{ id: number }>(
        `insert into documents (company_id, filename, sha256, size, original_path, file_path, status, fields,
           master_data_id, deleted_at)
         values (3, 'bescheid.pdf', $1, 1, 'x.pdf', 'x.pdf', $2, $3::jsonb, $4, $5) returning id`,
        [
          `${status}${hebesatz}`.padEnd(64, '0'),
          status,
          JSON.stringify({ erhebungszeitraum: { value: '2021' }, hebesatz: { value: String(hebesatz) } }),
          md.id,
          deleted ? new Date() : null,
        ],
      );
    const [confirmed] = await insertDoc('geprueft', ref + 25);
    await insertDoc('neu', ref + 50); // not confirmed: no conflict
    await insertDoc('gebucht', ref + 75, true); // deleted: no conflict
    // only kind `notice`: a demo establishment in the same municipality may add `group` rows
    const notices = async () => {
      const res = await ctx.inject({
        method: 'GET',
        url: '/api/companies/3/masterData/conflictingMunicipalityRates?per_page=100',
        headers: h,
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { master_data_id: number; kind: string }[]).filter(
        (r) => r.master_data_id === md.id && r.kind === 'notice',
      );
    };
    expect(await notices()).toEqual([
      expect.objectContaining({
        kind: 'notice',
        year: 2021,
        hebesatz: ref,
        source: 'reference',
        other_hebesatz: ref + 25,
        difference: -25,
        other_master_data_id: null,
      }),
    ]);
    const refused = await ctx.inject({ method: 'DELETE', url: `/api/masterData/${md.id}`, headers: h });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'MASTER_DATA_IN_USE',
      error: expect.stringContaining('Dokumente'),
    });
    await ctx.built.database.query('delete from documents where master_data_id = $1', [md.id]);
    expect(confirmed?.id).toBeGreaterThan(0);
    expect(await notices()).toEqual([]);

    await ctx.built.database.query(
      'insert into payments (company_id, master_data_id, year) values (3, $1, 2021)',
      [md.id],
    );
    const refusedPayment = await ctx.inject({
      method: 'DELETE',
      url: `/api/masterData/${md.id}`,
      headers: h,
    });
    expect(refusedPayment.statusCode).toBe(409);
    expect(refusedPayment.json().error).toContain('Zahlungsdaten');
    await ctx.built.database.query('delete from payments where master_data_id = $1', [md.id]);
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/masterData/${md.id}`, headers: h })).statusCode,
    ).toBe(204);
  });
});

async function exportFile(company: number) {
  const res = await ctx.inject({
    method: 'POST',
    url: `/api/companies/${company}/masterdata/export`,
    headers: await admin(),
  });
  expect(res.statusCode).toBe(200);
  return res;
}
async function upload(company: number, step: 'preview' | 'commit', buffer: Buffer, name = 'stammdaten.xlsx') {
  const form = multipart({}, name, buffer);
  return ctx.inject({
    method: 'POST',
    url: `/api/companies/${company}/masterdata/import/${step}`,
    headers: { ...(await admin()), ...form.headers },
    payload: form.body,
  });
}

describe('Excel export and import', () => {
  it('exports typed cells with a frozen header, autofilter and an RFC 5987 file name', async () => {
    await create(
      {
        ...valid,
        designation: 'Export Test',
        references: [
          { kind: 'kassenzeichen', value: '0042' },
          { kind: 'buchungszeichen', value: 'B-9' },
        ],
      },
      2,
    );
    const res = await exportFile(2);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="\d{4}-\d{2}-\d{2}-\d{2}:\d{2}-Stammdaten-Export-Sudhang Logistik GmbH & Co. KG.xlsx"; filename\*=UTF-8''\d{4}-\d{2}-\d{2}-\d{2}%3A\d{2}-Stammdaten-Export-S%C3%BCdhang%20Logistik/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(
      expect.arrayContaining([
        'ID',
        'AGS',
        'Gemeinde',
        'Bezeichnung',
        'IBAN',
        'Gültig ab',
        'Hebesatz 2021',
        'Löhne 2023',
      ]),
    );
    const col = (h: string) => headers.indexOf(h) + 1;
    const row = [...Array(sheet.rowCount).keys()]
      .map((i) => sheet.getRow(i + 1))
      .find((r) => r.getCell(col('Bezeichnung')).value === 'Export Test')!;
    expect(typeof row.getCell(col('ID')).value).toBe('number');
    expect(row.getCell(col('AGS')).value).toBe('09162000');
    expect(row.getCell(col('Gültig ab')).value).toEqual(new Date('2020-01-01T00:00:00Z'));
    expect(row.getCell(col('Hebesatz 2021')).value).toBe(490);
    expect(row.getCell(col('Löhne 2023')).value).toBe(480000.5);
    expect(row.getCell(col('Arbeitnehmer 2023')).value).toBe(12);
    expect(row.getCell(col('Kassenzeichen')).value).toBe('0042');
    expect(row.getCell(col('Weitere Zeichen')).value).toBe('Buchungszeichen: B-9');
    expect(row.getCell(col('Geschäftsleitung')).value).toBe('Nein');
  });

  it('names the file YYYY-MM-DD-HH:mm (German local time, 00–23 h) and the company', () => {
    expect(exportFilename('Nord/Süd GmbH', new Date('2026-01-05T13:07:00Z'))).toBe(
      '2026-01-05-14:07-Stammdaten-Export-Nord_Süd GmbH.xlsx',
    );
    expect(exportFilename('A & B KG', new Date('2026-07-01T22:30:00Z'))).toBe(
      '2026-07-02-00:30-Stammdaten-Export-A & B KG.xlsx',
    );
  });

  it('round trip: re-importing an unchanged export changes nothing', async () => {
    const file = (await exportFile(2)).rawPayload;
    const preview = await upload(2, 'preview', file);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.summary.error).toBe(0);
    expect(body.summary.create + body.summary.update).toBe(0);
    expect(body.summary.unchanged).toBeGreaterThan(0);
    const commit = await upload(2, 'commit', file);
    expect(commit.json()).toMatchObject({ committed: true, summary: { create: 0, update: 0 } });
    // and the data really is the same: a second export has the same cells
    const cells = async (buffer: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buffer as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      return [...Array(sheet.rowCount).keys()].map((i) => JSON.stringify(sheet.getRow(i + 1).values));
    };
    const again = await cells((await exportFile(2)).rawPayload);
    expect(again).toEqual(await cells(file));
    expect(again.length).toBe(body.summary.total + 1);
  });

  it('previews changes and new rows, then commits them in one go', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportFile(2)).rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const col = (h: string) => headers.indexOf(h) + 1;
    const target = [...Array(sheet.rowCount).keys()]
      .map((i) => sheet.getRow(i + 1))
      .find((r) => r.getCell(col('Bezeichnung')).value === 'Export Test')!;
    target.getCell(col('Hebesatz 2021')).value = 495;
    target.getCell(col('Ort')).value = 'München-Altstadt';
    const added = sheet.addRow([]);
    added.getCell(col('AGS')).value = '01001000';
    added.getCell(col('Bezeichnung')).value = 'Flensburg neu';
    added.getCell(col('Hebesatz 2021')).value = 410;
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = (await upload(2, 'preview', buffer)).json();
    expect(preview.summary).toMatchObject({ create: 1, update: 1, error: 0 });
    const upd = preview.rows.find((r: { action: string }) => r.action === 'update');
    expect(upd.changes).toEqual(
      expect.arrayContaining([
        { field: 'Ort', before: 'München', after: 'München-Altstadt' },
        { field: 'Hebesatz 2021', before: '490', after: '495' },
      ]),
    );
    const commit = await upload(2, 'commit', buffer);
    expect(commit.statusCode).toBe(200);
    const md = await ctx.inject({
      method: 'GET',
      url: `/api/masterData/${upd.master_data_id}`,
      headers: await admin(),
    });
    expect(md.json()).toMatchObject({
      city: 'München-Altstadt',
      rates: [{ year: 2021, hebesatz: 495, source: 'import' }],
    });
    const created = preview.rows.find((r: { action: string }) => r.action === 'create');
    expect(created.changes.some((c: { field: string }) => c.field.startsWith('Hebesatz'))).toBe(false);
  });

  it('lists exactly the 3 bad rows with reasons and refuses the commit', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportFile(2)).rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const col = (h: string) => headers.indexOf(h) + 1;
    const add = (values: Record<string, unknown>) => {
      const row = sheet.addRow([]);
      for (const [h, v] of Object.entries(values)) row.getCell(col(h)).value = v as ExcelJS.CellValue;
      return row.number;
    };
    const unknownAgs = add({ AGS: '09999999', Bezeichnung: 'Nirgendwo' });
    const badIban = add({ AGS: '11000000', Bezeichnung: 'Berlin 2', IBAN: 'DE00123' });
    const missing = add({ AGS: '11000000', Bezeichnung: '' });
    add({ AGS: '14612000', Bezeichnung: 'Dresden ok' });
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = (await upload(2, 'preview', buffer)).json();
    const errors = preview.rows.filter((r: { action: string }) => r.action === 'error');
    expect(errors.map((r: { row: number }) => r.row)).toEqual([unknownAgs, badIban, missing]);
    expect(errors[0].errors[0]).toMatchObject({
      column: 'AGS',
      message: expect.stringContaining('Unbekannter Gemeindeschlüssel'),
    });
    expect(errors[1].errors[0]).toMatchObject({
      column: 'IBAN',
      message: expect.stringContaining('IBAN ist ungültig'),
    });
    expect(errors[2].errors[0]).toMatchObject({
      column: 'Bezeichnung',
      message: expect.stringContaining('Bezeichnung'),
    });
    const before = (
      await ctx.inject({ method: 'GET', url: '/api/companies/2/masterData', headers: await admin() })
    ).json().meta.total;
    const commit = await upload(2, 'commit', buffer);
    expect(commit.statusCode).toBe(422);
    expect(commit.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', preview: { summary: { error: 3 } } });
    const after = (
      await ctx.inject({ method: 'GET', url: '/api/companies/2/masterData', headers: await admin() })
    ).json().meta.total;
    expect(after).toBe(before);
  });

  it('checks the one Geschäftsleitung per period on import, against the database and the file', async () => {
    const company = (
      await ctx.inject({
        method: 'POST',
        url: '/api/companies',
        headers: await admin(),
        payload: { name: 'GL-Import GmbH', main_color: '#654321' },
      })
    ).json().id as number;
    const old = await create(
      { ags: '05315000', designation: 'Alte Zentrale', geschaeftsleitung: true, valid_to: '2019-12-31' },
      company,
    );
    expect(old.statusCode).toBe(201);
    const file = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('Stammdaten');
      sheet.addRow(['ID', 'AGS', 'Bezeichnung', 'Gültig ab', 'Geschäftsleitung', 'PLZ']);
      for (const r of rows) sheet.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    // a successor from 2020 does not overlap the old one
    const successor = await file([[null, '11000000', 'Neue Zentrale', '01.01.2020', 'Ja']]);
    expect((await upload(company, 'preview', successor)).json().summary).toMatchObject({
      create: 1,
      error: 0,
    });
    expect((await upload(company, 'commit', successor)).statusCode).toBe(200);
    // a second one in the file, and one overlapping the record now in the database, are refused
    const clash = await file([
      [null, '02000000', 'Hamburg Zentrale', '01.06.2024', 'Ja'],
      [null, '14612000', 'Dresden Zentrale', '', 'Ja'],
      [null, '01001000', 'Flensburg ohne GL', '', 'Nein', 1067],
    ]);
    const preview = (await upload(company, 'preview', clash)).json();
    expect(preview.summary).toMatchObject({ create: 1, error: 2 });
    expect(preview.rows[0].errors).toEqual([
      { column: 'Geschäftsleitung', message: expect.stringContaining('„Neue Zentrale“') },
    ]);
    expect(preview.rows[1].errors[0]).toMatchObject({ column: 'Geschäftsleitung' });
    // a postcode typed as a number in Excel gets its leading zero back
    expect(preview.rows[2].changes).toContainEqual({ field: 'PLZ', before: null, after: '01067' });
    expect((await upload(company, 'commit', clash)).statusCode).toBe(422);
  });

  it('reports a duplicate Kassenzeichen within the file and refuses non-xlsx uploads with 415', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('S');
    sheet.addRow(['ID', 'AGS', 'Bezeichnung', 'Kassenzeichen']);
    sheet.addRow([null, '05315000', 'Köln X', 'DUP-1']);
    sheet.addRow([null, '05315000', 'Köln Y', 'DUP-1']);
    const preview = (await upload(2, 'preview', Buffer.from(await wb.xlsx.writeBuffer()))).json();
    expect(preview.rows[1].errors[0].message).toContain('auch in Zeile 2');
    const csv = await upload(2, 'preview', Buffer.from('AGS;Bezeichnung\n'), 'x.csv');
    expect(csv.statusCode).toBe(415);
    const none = await ctx.inject({
      method: 'POST',
      url: '/api/companies/2/masterdata/import/preview',
      headers: await admin(),
    });
    expect(none.statusCode).toBe(415);
  });

  it('lets one file move a Kassenzeichen between establishments, judged on the state after the file', async () => {
    const company = (
      await ctx.inject({
        method: 'POST',
        url: '/api/companies',
        headers: await admin(),
        payload: { name: 'KZ-Umzug GmbH', main_color: '#224466' },
      })
    ).json().id as number;
    const from = await create(
      { ags: '05315000', designation: 'Köln Alt', references: [{ kind: 'kassenzeichen', value: 'MOVE-1' }] },
      company,
    );
    const to = await create({ ags: '05315000', designation: 'Köln Neu' }, company);
    expect([from.statusCode, to.statusCode]).toEqual([201, 201]);
    const [fromId, toId] = [from.json().id as number, to.json().id as number];
    const file = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('Stammdaten');
      sheet.addRow(['ID', 'AGS', 'Bezeichnung', 'Kassenzeichen']);
      for (const r of rows) sheet.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    // the receiving row comes first: the old holder gives the Kassenzeichen up later in the file
    const move = await file([
      [toId, '05315000', 'Köln Neu', 'MOVE-1'],
      [fromId, '05315000', 'Köln Alt', ''],
    ]);
    const preview = (await upload(company, 'preview', move)).json();
    expect(preview.rows.flatMap((r: { errors: unknown[] }) => r.errors)).toEqual([]);
    expect(preview.summary).toMatchObject({ update: 2, error: 0 });
    expect((await upload(company, 'commit', move)).statusCode).toBe(200);
    const refs = async (id: number) =>
      (await ctx.inject({ method: 'GET', url: `/api/masterData/${id}`, headers: await admin() })).json()
        .references as { value: string }[];
    expect((await refs(toId)).map((r) => r.value)).toEqual(['MOVE-1']);
    expect(await refs(fromId)).toEqual([]);
    // still a duplicate when the holder keeps it, whether it is in the file or not
    for (const rows of [
      [[fromId, '05315000', 'Köln Alt', 'MOVE-1']],
      [
        [fromId, '05315000', 'Köln Alt', 'MOVE-1'],
        [toId, '05315000', 'Köln Neu', 'MOVE-1'],
      ],
    ]) {
      const dup = (await upload(company, 'preview', await file(rows))).json();
      expect(dup.summary.error).toBe(1);
      expect(dup.rows.find((r: { action: string }) => r.action === 'error').errors[0].message).toMatch(
        /bereits bei „Köln Neu“|auch in Zeile 2/,
      );
    }
  });
});

describe('demo data', () => {
  it('gives each demo company 20–60 establishments in real municipalities, exactly one with Geschäftsleitung', async () => {
    const rows = await ctx.built.database.query<{ company_id: number; n: number; gl: number }>(
      `select company_id, count(*) filter (where designation = 'Hauptverwaltung'
           or designation ~ '^(Niederlassung|Lager|Filiale|Büro|Werk|Depot) [0-9]+$')::int as n,
         count(*) filter (where geschaeftsleitung)::int as gl
       from master_data where company_id in (1, 2, 3)
       group by company_id order by company_id`,
    );
    expect(rows.map((r) => r.company_id)).toEqual([1, 2, 3]);
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(20);
      expect(r.n).toBeLessThanOrEqual(60);
      // exactly one Geschäftsleitung in the whole company (demo and test records alike)
      expect(r.gl).toBe(1);
    }
  });
});

describe('resolving a rate conflict with a confirmed notice', () => {
  type Conflict = {
    master_data_id: number;
    kind: string;
    year: number;
    hebesatz: number;
    other_hebesatz: number;
    document_id: number | null;
  };
  const insertNotice = async (mdId: number, hebesatz: number) =>
    (
      await ctx.built.database.query<{ id: number }>(
        `insert into documents (company_id, filename, sha256, size, original_path, file_path, status, fields,
           master_data_id)
         values (3, 'bescheid-2021.pdf', $1, 1, 'x.pdf', 'x.pdf', 'geprueft', $2::jsonb, $3) returning id`,
        [
          `rc${mdId}-${hebesatz}`.padEnd(64, '0'),
          JSON.stringify({ erhebungszeitraum: { value: '2021' }, hebesatz: { value: String(hebesatz) } }),
          mdId,
        ],
      )
    )[0]!.id;
  const conflictsOf = async (ids: number[]) => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/companies/3/masterData/conflictingMunicipalityRates?per_page=100',
      headers: await admin(),
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Conflict[]).filter((r) => ids.includes(r.master_data_id));
  };
  const resolve = async (body: Record<string, unknown>, user = 'sachbearbeitung') =>
    ctx.inject({
      method: 'POST',
      url: '/api/companies/3/masterData/conflictingMunicipalityRates/resolve',
      headers: bearer(await ctx.token(user)),
      payload: body,
    });
  const rate2021 = async (id: number) =>
    (await ctx.inject({ method: 'GET', url: `/api/masterData/${id}/rates`, headers: await admin() }))
      .json()
      .find((r: { year: number }) => r.year === 2021);
  const logsOf = (action: string) =>
    ctx.built.database.query<{ entity_id: string; before: unknown; after: unknown; username: string }>(
      `select entity_id, before, after, username from audit_logs where action = $1 order by id`,
      [action],
    );

  it('adopts the notice rate for the year: every establishment of the municipality, source Bescheid, used by the Zerlegung, logged', async () => {
    const a = (
      await create({ ags: '08111000', designation: 'Stuttgart Mitte', valid_from: '2019-01-01' }, 3)
    ).json();
    const b = (await create({ ags: '08111000', designation: 'Stuttgart Ost' }, 3)).json();
    const ref = (await rate2021(a.id)).hebesatz as number;
    const docId = await insertNotice(a.id, ref + 15);
    const [open] = await conflictsOf([a.id, b.id]);
    expect(open).toMatchObject({
      kind: 'notice',
      year: 2021,
      hebesatz: ref,
      other_hebesatz: ref + 15,
      document_id: docId,
    });
    const body = { document_id: docId, decision: 'adopt', our_hebesatz: ref, notice_hebesatz: ref + 15 };

    expect((await resolve(body, 'leser')).statusCode).toBe(403);
    const stale = await resolve({ ...body, our_hebesatz: ref - 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'RATE_CONFLICT_CHANGED' });
    const wrongCompany = await ctx.inject({
      method: 'POST',
      url: '/api/companies/1/masterData/conflictingMunicipalityRates/resolve',
      headers: bearer(await ctx.token('sachbearbeitung')),
      payload: body,
    });
    expect(wrongCompany.statusCode).toBe(409);

    const res = await resolve(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'adopt', year: 2021, hebesatz: ref + 15 });
    expect([...res.json().master_data_ids].sort()).toEqual(expect.arrayContaining([a.id, b.id]));
    for (const id of [a.id, b.id])
      expect(await rate2021(id)).toMatchObject({
        hebesatz: ref + 15,
        source: 'notice',
        reference_hebesatz: ref,
        note: expect.stringContaining(`Dokument ${docId}`),
      });
    // gone from the list, and no new reference or group conflict in its place
    expect(await conflictsOf([a.id, b.id])).toEqual([]);
    expect((await resolve(body)).json()).toMatchObject({ code: 'RATE_CONFLICT_GONE' });

    // the Zerlegung of 2021 computes with the adopted rate
    const prefill = await ctx.inject({
      method: 'GET',
      url: '/api/zerlegungen/prefill?company_id=3&year=2021',
      headers: await admin(),
    });
    expect(prefill.statusCode).toBe(200);
    const lines = prefill.json().zeilen.filter((l: { ags: string }) => l.ags === '08111000');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.hebesatz).toBe(ref + 15);

    const logs = (await logsOf('rate-conflict-adopt')).filter((l) => l.entity_id === String(a.id));
    expect(logs).toEqual([
      expect.objectContaining({
        username: 'sachbearbeitung',
        before: expect.objectContaining({ year: 2021, hebesatz: ref, source: 'reference' }),
        after: expect.objectContaining({
          year: 2021,
          hebesatz: ref + 15,
          source: 'notice',
          dokument_id: docId,
        }),
      }),
    ]);
  });

  it('keeps our rate with a required reason: the conflict leaves the list until a figure changes, logged', async () => {
    const c = (await create({ ags: '06411000', designation: 'Darmstadt Lager' }, 3)).json();
    const ref = (await rate2021(c.id)).hebesatz as number;
    const docId = await insertNotice(c.id, ref + 20);
    const body = { document_id: docId, decision: 'keep', our_hebesatz: ref, notice_hebesatz: ref + 20 };

    const noNote = await resolve({ ...body, note: '   ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors.note).toEqual(['Bitte begründen, warum unser Hebesatz gilt.']);
    expect(await conflictsOf([c.id])).toHaveLength(1);

    const res = await resolve({ ...body, note: 'Bescheid fehlerhaft, Einspruch eingelegt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ decision: 'keep', year: 2021, hebesatz: ref, master_data_ids: [c.id] });
    expect(await rate2021(c.id)).toMatchObject({ hebesatz: ref, source: 'reference' });
    expect(await conflictsOf([c.id])).toEqual([]);
    const [log] = (await logsOf('rate-conflict-keep')).filter((l) => l.entity_id === String(c.id));
    expect(log).toMatchObject({
      before: { jahr: 2021, hebesatz: ref, bescheid_hebesatz: ref + 20, dokument_id: docId },
      after: { jahr: 2021, hebesatz: ref, begruendung: 'Bescheid fehlerhaft, Einspruch eingelegt' },
    });

    // our rate changes later: the decision no longer covers it, the conflict is back
    const set = await ctx.inject({
      method: 'PUT',
      url: `/api/masterData/${c.id}/rates/2021`,
      headers: await admin(),
      payload: { hebesatz: ref + 5, note: 'Korrektur' },
    });
    expect(set.statusCode).toBe(200);
    expect((await conflictsOf([c.id])).filter((r) => r.kind === 'notice')).toEqual([
      expect.objectContaining({ hebesatz: ref + 5, other_hebesatz: ref + 20, document_id: docId }),
    ]);
  });
});
