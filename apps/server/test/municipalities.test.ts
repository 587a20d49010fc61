import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_DATA_DIR, seedReferenceData } from '../src/modules/municipalities/reference-data';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

async function search(q: string) {
  const res = await ctx.inject({
    method: 'GET',
    url: `/api/municipalities?search=${encodeURIComponent(q)}`,
    headers: bearer(await ctx.token('leser')),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { ags: string; name: string; plz: string[]; hebesatz: number | null }[];
}

describe('municipality reference data', () => {
  it('loads all 10,751 municipalities and 10,788 rates, and a second seed changes nothing', async () => {
    const [m] = await ctx.built.database.query<{ n: number }>(
      'select count(*)::int as n from municipalities',
    );
    const [r] = await ctx.built.database.query<{ n: number }>(
      'select count(*)::int as n from municipality_rates',
    );
    expect(m?.n).toBe(10751);
    expect(r?.n).toBe(10788);
    expect(await seedReferenceData(ctx.built.database.db)).toEqual({ loaded: [] });
  });

  it('updates from a newer reference file (names, PLZ, rates), then is idempotent again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gewst-ref-'));
    const db = ctx.built.database.db;
    const rate = async () =>
      (
        await ctx.built.database.query<{ hebesatz: number; source: string }>(
          "select hebesatz, source from municipality_rates where ags = '01001000' and year = 2021",
        )
      )[0];
    try {
      copyFileSync(path.join(REFERENCE_DATA_DIR, 'README.md'), path.join(dir, 'README.md'));
      const gemeinden = readFileSync(path.join(REFERENCE_DATA_DIR, 'gemeinden.csv'), 'utf8');
      const hebesaetze = readFileSync(path.join(REFERENCE_DATA_DIR, 'hebesaetze.csv'), 'utf8');
      const newer = gemeinden.replace(
        '01001000,"Flensburg, Stadt",Schleswig-Holstein,24937 24939',
        '01001000,"Fördestadt Flensburg, Stadt",Schleswig-Holstein,24936 24937 24939',
      );
      expect(newer).not.toBe(gemeinden);
      writeFileSync(path.join(dir, 'gemeinden.csv'), newer);
      writeFileSync(
        path.join(dir, 'hebesaetze.csv'),
        hebesaetze.replace('01001000,2021,410', '01001000,2021,415'),
      );
      expect(await seedReferenceData(db, dir)).toEqual({ loaded: ['gemeinden.csv', 'hebesaetze.csv'] });
      expect((await search('fordestadt'))[0]).toMatchObject({
        ags: '01001000',
        name: 'Fördestadt Flensburg, Stadt',
        hebesatz: 415,
      });
      expect((await search('24936'))[0]?.ags).toBe('01001000');
      expect(await rate()).toEqual({ hebesatz: 415, source: 'destatis' });
      const [count] = await ctx.built.database.query<{ n: number }>(
        'select count(*)::int as n from municipalities',
      );
      expect(count?.n).toBe(10751);
      expect(await seedReferenceData(db, dir)).toEqual({ loaded: [] });
    } finally {
      await seedReferenceData(db);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await rate()).toEqual({ hebesatz: 410, source: 'destatis' });
    expect((await search('flensburg'))[0]).toMatchObject({ ags: '01001000', name: 'Flensburg, Stadt' });
    expect(await search('fordestadt')).toEqual([]);
  });

  it.each(['munchen', 'Muenchen', 'München', '09162000', '80331'])(
    'finds München for „%s“ first',
    async (q) => {
      const hits = await search(q);
      expect(hits[0]).toMatchObject({ ags: '09162000', name: 'München, Landeshauptstadt', hebesatz: 490 });
    },
  );

  it('ranks exact and prefix matches before substrings and answers AGS prefixes', async () => {
    const names = (await search('münchen')).map((h) => h.name);
    expect(names.indexOf('München, Landeshauptstadt')).toBe(0);
    expect(names.some((n) => n.startsWith('Münchenbernsdorf'))).toBe(true);
    expect(names.indexOf('Grafing b.München, St')).toBeGreaterThan(
      names.findIndex((n) => n.startsWith('Münchenbernsdorf')),
    );
    expect((await search('0916')).every((h) => h.ags.startsWith('0916'))).toBe(true);
    expect(await search('%%')).toEqual([]);
  });

  it('shows a municipality with its rates, 404 for an unknown AGS and 400 for a malformed one', async () => {
    const h = bearer(await ctx.token('leser'));
    const res = await ctx.inject({ method: 'GET', url: '/api/municipalities/09162000', headers: h });
    expect(res.json()).toMatchObject({ bundesland: 'Bayern', rates: [{ year: 2021, hebesatz: 490 }] });
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/municipalities/09999999', headers: h })).statusCode,
    ).toBe(404);
    const bad = await ctx.inject({ method: 'GET', url: '/api/municipalities/abc', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.ags[0]).toContain('8 Ziffern');
  });

  it('imports a newer rate table (csv) and reports what changed; needs change-customizing-data', async () => {
    const csv = 'AGS;Hebesatz\n09162000;490\n11000000;410\n02000000;480\n99999999;400\n0916;abc\n';
    const form = multipart({ year: '2024' }, 'hebesaetze-2024.csv', Buffer.from(csv));
    const sb = await ctx.inject({
      method: 'POST',
      url: '/api/municipalities/rates/import',
      headers: { ...bearer(await ctx.token('sachbearbeitung')), ...form.headers },
      payload: form.body,
    });
    expect(sb.statusCode).toBe(403);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/municipalities/rates/import',
      headers: { ...bearer(await ctx.token('admin')), ...form.headers },
      payload: form.body,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ year: 2024, created: 3, unchanged: 0, changed: [] });
    expect(report.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/99999999.*|abc/);
    expect(report.errors).toHaveLength(2);
    const again = multipart(
      { year: '2024' },
      'x.csv',
      Buffer.from('AGS;Hebesatz\n09162000;495\n11000000;410\n'),
    );
    const second = await ctx.inject({
      method: 'POST',
      url: '/api/municipalities/rates/import',
      headers: { ...bearer(await ctx.token('admin')), ...again.headers },
      payload: again.body,
    });
    expect(second.json()).toMatchObject({
      created: 0,
      unchanged: 1,
      changed: [{ ags: '09162000', before: 490, after: 495 }],
    });
    expect((await search('München'))[0]).toMatchObject({ hebesatz: 495, hebesatz_year: 2024 });
  });

  it('imports an xlsx rate table with a year column and names the row of every bad line', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Hebesätze 2025');
    sheet.addRow(['Gemeindeschlüssel', 'Gemeinde', 'Jahr', 'Hebesatz Gewerbesteuer']);
    sheet.addRow(['05315000', 'Köln', 2025, 475]);
    sheet.addRow(['99999998', 'Gibt es nicht', 2025, 400]);
    sheet.addRow(['14612000', 'Dresden', 2025, 150]);
    const form = multipart({}, 'hebesaetze-2025.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/municipalities/rates/import',
      headers: { ...bearer(await ctx.token('admin')), ...form.headers },
      payload: form.body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ year: 2025, created: 1, changed: [], unchanged: 0 });
    expect(res.json().errors).toEqual([
      { row: 3, message: expect.stringContaining('99999998') },
      { row: 4, message: expect.stringContaining('zwischen 200 und 1500') },
    ]);
    const koeln = await ctx.inject({
      method: 'GET',
      url: '/api/municipalities/05315000',
      headers: bearer(await ctx.token('leser')),
    });
    expect(koeln.json().rates[0]).toEqual({ year: 2025, hebesatz: 475, source: 'import' });
    const noColumns = multipart({}, 'x.csv', Buffer.from('Name;Wert\nKöln;475\n'));
    const bad = await ctx.inject({
      method: 'POST',
      url: '/api/municipalities/rates/import',
      headers: { ...bearer(await ctx.token('admin')), ...noColumns.headers },
      payload: noColumns.body,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.file[0]).toContain('AGS');
  });

  it('lists the new rates by municipality and refuses a second row for the same AGS', async () => {
    const csv = 'AGS;Hebesatz\n09162000;490\n11000000;410\n09162000;495\n';
    const form = multipart({ year: '2026' }, 'hebesaetze-2026.csv', Buffer.from(csv));
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/municipalities/rates/import',
      headers: { ...bearer(await ctx.token('admin')), ...form.headers },
      payload: form.body,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ year: 2026, rows: 2, created: 2, changed: [], unchanged: 0 });
    expect(report.added).toEqual([
      { ags: '09162000', name: expect.stringContaining('München'), after: 490 },
      { ags: '11000000', name: expect.stringContaining('Berlin'), after: 410 },
    ]);
    expect(report.errors).toEqual([{ row: 4, message: 'AGS 09162000 steht bereits in Zeile 2.' }]);
  });

  it('refuses a file that is neither xlsx nor csv with 415 and a German message', async () => {
    const form = multipart({}, 'bild.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/municipalities/rates/import',
      headers: { ...bearer(await ctx.token('admin')), ...form.headers },
      payload: form.body,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toContain('Excel');
  });
});

export function multipart(fields: Record<string, string>, filename: string, content: Buffer) {
  const boundary = `----gewst${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(parts),
  };
}
