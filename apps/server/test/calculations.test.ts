import { describe, expect, it } from 'vitest';
import { fillHebesaetze } from '../src/modules/calculations/service';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

const post = async (path: string, payload: unknown, user = 'leser') =>
  ctx.inject({
    method: 'POST',
    url: `/api/calculations/${path}`,
    headers: bearer(await ctx.token(user)),
    payload: payload as Record<string, unknown>,
  });

const textbook = {
  year: 2024,
  messbetrag: '4500',
  schluessel: 'arbeitslohn',
  rechtsform: 'kapitalgesellschaft',
  zeilen: [
    { ags: '07111000', geschaeftsleitung: true, arbeitsloehne: '300000', hebesatz: 410 },
    { ags: '07211000', arbeitsloehne: '100000', hebesatz: 420 },
  ],
};

describe('POST /calculations/messbetrag', () => {
  it('computes the worked example 1 (natural person, Hebesatz 400)', async () => {
    const res = await post('messbetrag', {
      gewerbeertrag: '68250.00',
      rechtsform: 'einzelunternehmen',
      hebesatz: 400,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      gewerbeertrag_gerundet: '68200.00',
      freibetrag: '24500.00',
      messbetrag: '1529.00',
      steuer: '6116.00',
    });
  });

  it('refuses impossible input with German field messages', async () => {
    const res = await post('messbetrag', { gewerbeertrag: '1.234,56', rechtsform: 'gmbh', hebesatz: 150 });
    expect(res.statusCode).toBe(400);
    const { errors, code } = res.json();
    expect(code).toBe('VALIDATION_FAILED');
    expect(errors.gewerbeertrag[0]).toMatch(/Dezimalzahl/);
    expect(errors.rechtsform).toEqual(['Unbekannte Rechtsform.']);
    expect(errors.hebesatz[0]).toMatch(/mindestens 200 %/);
  });

  it('needs read-data', async () => {
    const res = await post(
      'messbetrag',
      { gewerbeertrag: '1000', rechtsform: 'einzelunternehmen' },
      'ohne-rechte',
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await ctx.inject({ method: 'POST', url: '/api/calculations/messbetrag', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('POST /calculations/vorauszahlungen', () => {
  it('gives four instalments moved past weekends (worked examples 5 and 6)', async () => {
    const res = await post('vorauszahlungen', { year: 2026, letzte_steuer: '2021.60', ags: '05315000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().quartale).toEqual([
      { quartal: 1, betrag: '505.00', faellig_am: '2026-02-16' },
      { quartal: 2, betrag: '505.00', faellig_am: '2026-05-15' },
      { quartal: 3, betrag: '505.00', faellig_am: '2026-08-17' },
      { quartal: 4, betrag: '505.00', faellig_am: '2026-11-16' },
    ]);
    const none = await post('vorauszahlungen', { year: 2026, letzte_steuer: '199.99', ags: '05315000' });
    expect(none.json()).toEqual({ quartale: [] });
  });

  it('refuses a malformed AGS and a negative tax', async () => {
    const res = await post('vorauszahlungen', { year: 2026, letzte_steuer: '-1', ags: '1234' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['ags', 'letzte_steuer']);
    const state = await post('vorauszahlungen', { year: 2026, letzte_steuer: '100', ags: '17000000' });
    expect(state.json().errors.ags).toEqual(['AGS muss mit 01 bis 16 (Bundesland) beginnen.']);
  });
});

describe('POST /calculations/abschlusszahlung', () => {
  it('computes Bekanntgabe, the amount due at once and the rest one month later', async () => {
    const res = await post('abschlusszahlung', {
      steuer: '3000.00',
      vorauszahlungen: [
        { quartal: 1, betrag: '500.00', faellig_am: '2025-02-17', bezahlt: true },
        { quartal: 2, betrag: '500.00', faellig_am: '2025-05-15', bezahlt: false },
      ],
      aufgabe_zur_post: '2025-06-02',
      ags: '05315000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      bekanntgabe: '2025-06-06',
      soll_vorauszahlungen: '1000.00',
      angerechnet: '500.00',
      unterschied: '2500.00',
      sofort: { betrag: '500.00' },
      rest: { betrag: '2000.00' },
      erstattung: '0.00',
    });
  });

  it('refuses broken prepayment lines field by field', async () => {
    const res = await post('abschlusszahlung', {
      steuer: '100.00',
      vorauszahlungen: [{ quartal: 5, betrag: '10', faellig_am: '2026-02-30', bezahlt: 'ja' }],
      aufgabe_zur_post: '2026-03-02',
      ags: '05315000',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'vorauszahlungen.0.bezahlt',
      'vorauszahlungen.0.faellig_am',
      'vorauszahlungen.0.quartal',
    ]);
  });
});

describe('POST /calculations/zerlegung', () => {
  it('reproduces the textbook example 3', async () => {
    const res = await post('zerlegung', textbook);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.zeilen.map((z: { anteil: string; steuer: string }) => [z.anteil, z.steuer])).toEqual([
      ['3375.00', '13837.50'],
      ['1125.00', '4725.00'],
    ]);
    expect(body.summe).toEqual({ anteil: '4500.00', steuer: '18562.50' });
  });

  it('moves small shares to the Geschäftsleitung (example 4)', async () => {
    const res = await post('zerlegung', {
      ...textbook,
      messbetrag: '1000',
      zeilen: [
        { ags: '07111000', geschaeftsleitung: true, arbeitsloehne: '150000' },
        { ags: '07211000', arbeitsloehne: '346000' },
        { ags: '05315000', arbeitsloehne: '4000' },
      ],
    });
    const zeilen = res.json().zeilen as { anteil: string; kleinbetrag_umgelegt: boolean }[];
    expect(zeilen.map((z) => z.anteil)).toEqual(['308.00', '692.00', '0.00']);
    expect(zeilen[2]?.kleinbetrag_umgelegt).toBe(true);
  });

  it('answers rule violations found by the domain function with 400 and the field path', async () => {
    const res = await post('zerlegung', {
      ...textbook,
      zeilen: [
        { ags: '07111000', geschaeftsleitung: true, arbeitsloehne: '300' },
        { ags: '07211000', arbeitsloehne: '900' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { zeilen: [expect.stringMatching(/keine Arbeitslöhne/)] },
    });

    const noGl = await post('zerlegung', {
      ...textbook,
      zeilen: [{ ags: '07111000', arbeitsloehne: '1000' }],
    });
    expect(noGl.statusCode).toBe(400);
    expect(noGl.json().errors.zeilen[0]).toMatch(/Geschäftsleitung/);
    expect((await post('zerlegung', {})).statusCode).toBe(400);
  });

  it('checks AGS against the municipality reference table and takes missing Hebesätze from it', async () => {
    const { database } = ctx.built;
    await database.query(
      `insert into municipalities (ags, name, bundesland, search_key, search_key_alt)
       values ('07111000', 'Koblenz', 'Rheinland-Pfalz', 'koblenz', 'koblenz'),
              ('07211000', 'Trier', 'Rheinland-Pfalz', 'trier', 'trier') on conflict do nothing`,
    );
    await database.query(
      `insert into municipality_rates (ags, year, hebesatz, source) values ('07211000', 2024, 425, 'destatis')
       on conflict (ags, year) do update set hebesatz = 425`,
    );
    const unknown = await post('zerlegung', {
      ...textbook,
      zeilen: [textbook.zeilen[0], { ags: '07999999', arbeitsloehne: '100000' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      'zeilen.1.ags': ['Der Gemeindeschlüssel 07999999 ist keiner Gemeinde zugeordnet.'],
    });
    const vz = await post('vorauszahlungen', { year: 2026, letzte_steuer: '100', ags: '07999999' });
    expect(vz.statusCode).toBe(400);

    const filled = await post('zerlegung', {
      ...textbook,
      zeilen: [textbook.zeilen[0], { ags: '07211000', arbeitsloehne: '100000' }],
    });
    expect(filled.statusCode).toBe(200);
    expect(filled.json().zeilen[1]).toMatchObject({ hebesatz: 425, steuer: '4781.25' });

    // no rate for the EZ: the latest earlier reference rate, with a note
    await database.query(
      `insert into municipality_rates (ags, year, hebesatz, source) values ('07211000', 2022, 433, 'import')
       on conflict (ags, year) do update set hebesatz = 433`,
    );
    const older = await post('zerlegung', {
      ...textbook,
      year: 2023,
      zeilen: [textbook.zeilen[0], { ags: '07211000', arbeitsloehne: '100000' }],
    });
    expect(older.json().zeilen[1]).toMatchObject({ hebesatz: 433 });
    expect(older.json().hinweise).toEqual([
      'Für 1 Gemeinde(n) ist kein Hebesatz für 2023 hinterlegt; verwendet wurde der Hebesatz 2022 der Referenztabelle.',
    ]);
  });
});

describe('Hebesätze from the company master data', () => {
  it('notes a rate taken from an earlier year of the master data, like one from the reference table', async () => {
    const { database } = ctx.built;
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/companies',
      headers: bearer(await ctx.token('admin')),
      payload: { name: 'Hebesatz-Historie GmbH', main_color: '#345678', legal_form: 'kapitalgesellschaft' },
    });
    expect(created.statusCode).toBe(201);
    const companyId = created.json().id as number;
    await database.query(
      `insert into municipalities (ags, name, bundesland, search_key, search_key_alt)
       values ('07111000', 'Koblenz', 'Rheinland-Pfalz', 'koblenz', 'koblenz'),
              ('07211000', 'Trier', 'Rheinland-Pfalz', 'trier', 'trier'),
              ('05315000', 'Köln', 'Nordrhein-Westfalen', 'koln', 'koeln') on conflict do nothing`,
    );
    await database.query(
      `insert into municipality_rates (ags, year, hebesatz, source) values ('05315000', 2021, 475, 'destatis')
       on conflict (ags, year) do update set hebesatz = 475`,
    );
    const [koblenz] = await database.query<{ id: number }>(
      `insert into master_data (company_id, ags, designation, geschaeftsleitung) values ($1, '07111000', 'Zentrale', true) returning id`,
      [companyId],
    );
    const [trier] = await database.query<{ id: number }>(
      `insert into master_data (company_id, ags, designation) values ($1, '07211000', 'Lager') returning id`,
      [companyId],
    );
    await database.query(
      `insert into master_data_rates (master_data_id, year, hebesatz, source)
       values ($1, 2021, 395, 'manual'), ($1, 2022, 405, 'manual'), ($1, 2026, 999, 'manual'), ($2, 2024, 430, 'manual')`,
      [koblenz!.id, trier!.id],
    );

    const filled = await fillHebesaetze(
      database.db,
      [
        { ags: '07111000', hebesatz: null },
        { ags: '07211000' },
        { ags: '05315000' },
        { ags: '07111000', hebesatz: 500 },
      ],
      2024,
      companyId,
    );
    // latest master-data year up to the EZ; the line's own rate wins
    expect(filled.zeilen.map((z) => z.hebesatz)).toEqual([405, 430, 475, 500]);
    expect(filled.hinweise).toEqual([
      'Für 1 Gemeinde(n) ist in den Stammdaten kein Hebesatz für 2024 hinterlegt; verwendet wurde der Hebesatz 2022 aus den Stammdaten.',
      'Für 1 Gemeinde(n) ist kein Hebesatz für 2024 hinterlegt; verwendet wurde der Hebesatz 2021 der Referenztabelle.',
    ]);

    // the rate of the EZ itself needs no note
    const exact = await fillHebesaetze(database.db, [{ ags: '07211000' }], 2024, companyId);
    expect(exact).toEqual({ zeilen: [{ ags: '07211000', hebesatz: 430 }], hinweise: [] });
  });
});

describe('due dates follow the working-day calendar setting (calendar.holidays)', () => {
  const MUENCHEN = '09162000';
  const AUGSBURG = '09761000';
  const SAARBRUECKEN = '10041100';
  const q3 = async (ags: string) =>
    (await post('vorauszahlungen', { year: 2024, letzte_steuer: '4000.00', ags })).json().quartale[2]
      .faellig_am;
  const rest = async (ags: string) =>
    (await post('abschlusszahlung', { steuer: '5000.00', aufgabe_zur_post: '2024-07-12', ags })).json().rest
      .faellig_am;
  const saeumnis = async (ags?: string) =>
    (
      await post('saeumniszuschlag', {
        rueckstand: '1000.00',
        faellig_am: '2024-08-15',
        gezahlt_am: '2024-08-16',
        ...(ags ? { ags } : {}),
      })
    ).json();
  const setting = async (method: 'PUT' | 'DELETE', value?: unknown) =>
    ctx.inject({
      method,
      url: '/api/settings/calendar.holidays',
      headers: bearer(await ctx.token('admin')),
      ...(method === 'PUT' ? { payload: { value } } : {}),
    });

  it('15 Aug 2024 (Thursday): prepayment, Abschlusszahlung and Säumnis move in Bavaria once the setting says so, without a restart', async () => {
    // Default: 15 August is not assumed a holiday in Bavaria; always in Saarland and in Augsburg.
    expect(await q3(MUENCHEN)).toBe('2024-08-15');
    expect(await q3(SAARBRUECKEN)).toBe('2024-08-16');
    expect(await q3(AUGSBURG)).toBe('2024-08-16');
    // Posted Fri 12 Jul 2024 → Bekanntgabe Mon 15 Jul → one month later: 15 Aug.
    expect(await rest(MUENCHEN)).toBe('2024-08-15');
    expect(await saeumnis(MUENCHEN)).toMatchObject({ faellig_am: '2024-08-15', verspaetung_tage: 1 });

    expect((await setting('PUT', { bayern_mariae_himmelfahrt: true })).statusCode).toBe(200);
    expect(await q3(MUENCHEN)).toBe('2024-08-16');
    expect(await rest(MUENCHEN)).toBe('2024-08-16');
    expect(await saeumnis(MUENCHEN)).toMatchObject({ faellig_am: '2024-08-16', verspaetung_tage: 0 });
    // Without a municipality the dates are plain calendar days.
    expect(await saeumnis()).toMatchObject({ faellig_am: '2024-08-15', verspaetung_tage: 1 });

    expect((await setting('DELETE')).statusCode).toBeLessThan(300);
    expect(await q3(MUENCHEN)).toBe('2024-08-15');
  });

  it('Fronleichnam (Thu 19 Jun 2025) in Saxon and Thuringian municipalities: the Abschlusszahlung moves to Fri 20 Jun; partly observing ones by the setting', async () => {
    // Posted Thu 15 May 2025 → Bekanntgabe Mon 19 May → one month later: Fronleichnam.
    const due = async (ags: string) =>
      (await post('abschlusszahlung', { steuer: '5000.00', aufgabe_zur_post: '2025-05-15', ags })).json().rest
        .faellig_am;
    const [DRESDEN, CROSTWITZ, BAUTZEN, HEILIGENSTADT, ERFURT] = [
      '14612000',
      '14625080',
      '14625020',
      '16061045',
      '16051000',
    ];
    expect(await due(DRESDEN)).toBe('2025-06-19');
    expect(await due(CROSTWITZ)).toBe('2025-06-20');
    expect(await due(HEILIGENSTADT)).toBe('2025-06-20');
    expect(await due(ERFURT)).toBe('2025-06-19');
    // Bautzen: only the Ortsteile Bolbritz and Salzenforst — not assumed by default.
    expect(await due(BAUTZEN)).toBe('2025-06-19');

    expect(
      (await setting('PUT', { bayern_mariae_himmelfahrt: false, fronleichnam_ortsteile: 'ja' })).statusCode,
    ).toBe(400);
    expect(
      (await setting('PUT', { bayern_mariae_himmelfahrt: false, fronleichnam_ortsteile: true })).statusCode,
    ).toBe(200);
    expect(await due(BAUTZEN)).toBe('2025-06-20');
    expect(await due(DRESDEN)).toBe('2025-06-19');
    const log = await ctx.inject({
      method: 'GET',
      url: '/api/logs?entity=setting',
      headers: bearer(await ctx.token('admin')),
    });
    expect(log.body).toContain('fronleichnam_ortsteile');
    expect((await setting('DELETE')).statusCode).toBeLessThan(300);
    expect(await due(BAUTZEN)).toBe('2025-06-19');
  });

  it('Säumniszuschlag: due Sat 15 Feb 2025 runs from Mon 17 Feb (Schonfrist to Thu 20 Feb)', async () => {
    const calc = async (gezahlt_am: string, ags?: string) =>
      (
        await post('saeumniszuschlag', {
          rueckstand: '1234.56',
          faellig_am: '2025-02-15',
          gezahlt_am,
          ...(ags ? { ags } : {}),
        })
      ).json();
    expect(await calc('2025-02-20', '05315000')).toEqual({
      faellig_am: '2025-02-17',
      basis: '1200.00',
      verspaetung_tage: 3,
      monate: 0,
      zuschlag: '0.00',
      schonfrist: true,
    });
    expect(await calc('2025-02-21', '05315000')).toMatchObject({ monate: 1, zuschlag: '12.00' });
    expect(await calc('2025-02-20')).toMatchObject({
      faellig_am: '2025-02-15',
      monate: 1,
      zuschlag: '12.00',
    });
    const bad = await post('saeumniszuschlag', {
      rueckstand: '-1',
      faellig_am: '2025-02-30',
      gezahlt_am: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['faellig_am', 'gezahlt_am', 'rueckstand']);
  });
});
