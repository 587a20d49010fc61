import { describe, expect, it } from 'vitest';
import { computeZerlegung } from './zerlegung';
import { A, anteile, B, base, C, errorsOf } from './zerlegung.fixtures';
import type { ZerlegungZeileInput } from './zerlegung-input';

describe('computeZerlegung — wind, solar, storage and manual keys', () => {
  it('wind EZ 2009–2020: 3/10 wages + 7/10 Sachanlagevermögen', () => {
    const r = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '100000', sachanlagevermoegen: '1000000' },
          { ags: B, geschaeftsleitung: false, arbeitsloehne: '0', sachanlagevermoegen: '9000000' },
        ],
        { year: 2020, schluessel: 'wind_solar', messbetrag: '10000' },
      ),
    );
    expect(r.zeilen.map((z) => [z.quote, z.anteil])).toEqual([
      ['0.3700000000', '3700.00'],
      ['0.6300000000', '6300.00'],
    ]);
  });

  it('wind from EZ 2021: 1/10 wages + 9/10 installed power', () => {
    expect(
      anteile(
        base(
          [
            { ags: A, geschaeftsleitung: true, arbeitsloehne: '100000' },
            { ags: B, geschaeftsleitung: false, installierte_leistung_kw: '6000' },
          ],
          { year: 2021, schluessel: 'wind_solar', messbetrag: '10000' },
        ),
      ),
    ).toEqual(['1000.00', '9000.00']);
  });

  it('wind without any wages: the wage tenth follows the installed power, with a note', () => {
    const r = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, installierte_leistung_kw: '1000' },
          { ags: B, geschaeftsleitung: false, installierte_leistung_kw: '3000' },
        ],
        { year: 2023, schluessel: 'wind_solar', messbetrag: '10000' },
      ),
    );
    expect(r.zeilen.map((z) => z.anteil)).toEqual(['2500.00', '7500.00']);
    expect(r.hinweise[0]).toMatch(/Keine Arbeitslöhne/);
  });

  const solar: ZerlegungZeileInput[] = [
    { ags: A, geschaeftsleitung: true, arbeitsloehne: '100000' },
    { ags: B, geschaeftsleitung: false, solar_neuanlagen_kw: '3000' },
    { ags: C, geschaeftsleitung: false, solar_altanlagen_kw: '1000' },
  ];

  it('solar transition EZ 2021–2023: new plants mixed key, old plants by wages, split by kW', () => {
    // 3/4 of the MB (new plants): A 1/10, B 9/10; 1/4 (old plants) by wages: A
    const r = computeZerlegung(base(solar, { year: 2022, schluessel: 'wind_solar', messbetrag: '10000' }));
    expect(r.zeilen.map((z) => z.anteil)).toEqual(['3250.00', '6750.00', '0.00']);
    expect(r.hinweise[0]).toMatch(/Übergangsregel.*75\.00 %/);
  });

  it('solar from EZ 2024: all plants on the mixed key', () => {
    const r = computeZerlegung(base(solar, { year: 2024, schluessel: 'wind_solar', messbetrag: '10000' }));
    expect(r.zeilen.map((z) => z.anteil)).toEqual(['1000.00', '6750.00', '2250.00']);
    expect(r.hinweise).toEqual([]);
  });

  it('the transition applies only to businesses with solar plants alone', () => {
    const withWind = [
      ...solar,
      { ags: '05111000', geschaeftsleitung: false, installierte_leistung_kw: '4000' },
    ];
    const r = computeZerlegung(base(withWind, { year: 2022, schluessel: 'wind_solar', messbetrag: '10000' }));
    // all 8,000 kW on the mixed key: B 3/8, C 1/8, D 4/8 of 9/10
    expect(r.zeilen.map((z) => z.anteil)).toEqual(['1000.00', '3375.00', '1125.00', '4500.00']);
  });

  it('only old solar plants in the transition → wage key; without wages an error', () => {
    const old = [
      { ags: A, geschaeftsleitung: true, arbeitsloehne: '50000' },
      { ags: B, geschaeftsleitung: false, arbeitsloehne: '50000', solar_altanlagen_kw: '1000' },
    ];
    expect(anteile(base(old, { year: 2021, schluessel: 'wind_solar' }))).toEqual(['500.00', '500.00']);
    const noWages = [
      { ags: A, geschaeftsleitung: true },
      { ags: B, geschaeftsleitung: false, solar_altanlagen_kw: '1000' },
    ];
    expect(
      errorsOf(() => computeZerlegung(base(noWages, { year: 2021, schluessel: 'wind_solar' }))).zeilen,
    ).toBeDefined();
  });

  it('storage key only from EZ 2025 (1/10 wages + 9/10 kW)', () => {
    const lines = [
      { ags: A, geschaeftsleitung: true, arbeitsloehne: '100000' },
      { ags: B, geschaeftsleitung: false, installierte_leistung_kw: '500' },
    ];
    expect(anteile(base(lines, { year: 2025, schluessel: 'speicher' }))).toEqual(['100.00', '900.00']);
    expect(
      errorsOf(() => computeZerlegung(base(lines, { year: 2024, schluessel: 'speicher' }))).schluessel?.[0],
    ).toMatch(/erst ab dem Erhebungszeitraum 2025/);
  });

  it('wind key not before EZ 2009', () => {
    const lines = [{ ags: A, geschaeftsleitung: true, arbeitsloehne: '1000', sachanlagevermoegen: '1' }];
    expect(
      errorsOf(() => computeZerlegung(base(lines, { year: 2008, schluessel: 'wind_solar' }))).schluessel,
    ).toBeDefined();
  });

  it('manual key (§33) uses the given ratios', () => {
    const r = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, manueller_anteil: '1' },
          { ags: B, geschaeftsleitung: false, manueller_anteil: '2.5' },
          { ags: C, geschaeftsleitung: false, manueller_anteil: '1.5' },
        ],
        { schluessel: 'manuell' },
      ),
    );
    expect(r.zeilen.map((z) => z.anteil)).toEqual(['200.00', '500.00', '300.00']);
  });
});

describe('computeZerlegung — impossible input', () => {
  it('reports every bad field with its path', () => {
    const errors = errorsOf(() =>
      computeZerlegung(
        base([
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '1000' },
          { ags: '1234', geschaeftsleitung: false, arbeitsloehne: '1000' },
          { ags: C, geschaeftsleitung: false, arbeitsloehne: '-5.00', hebesatz: 150 },
          { ags: B, geschaeftsleitung: false, arbeitnehmer: [{ lohn: 'viel' }] },
        ]),
      ),
    );
    expect(Object.keys(errors).sort()).toEqual([
      'zeilen.1.ags',
      'zeilen.2.arbeitsloehne',
      'zeilen.2.hebesatz',
      'zeilen.3.arbeitnehmer.0.lohn',
    ]);
    expect(errors['zeilen.2.arbeitsloehne']?.[0]).toMatch(/nicht negativ/);
  });

  it('needs exactly one Geschäftsleitung', () => {
    const none = [
      { ags: A, geschaeftsleitung: false, arbeitsloehne: '1000' },
      { ags: B, geschaeftsleitung: false, arbeitsloehne: '1000' },
    ];
    expect(errorsOf(() => computeZerlegung(base(none))).zeilen?.[0]).toMatch(/Geschäftsleitung markieren/);
    const two = none.map((z) => ({ ...z, geschaeftsleitung: true }));
    expect(errorsOf(() => computeZerlegung(base(two))).zeilen?.[0]).toMatch(/Nur eine Gemeinde/);
  });

  it('needs wages for the wage key, lines, a valid MB, and not both wage inputs', () => {
    const noWages = [
      { ags: A, geschaeftsleitung: true, arbeitsloehne: '999.99' },
      { ags: B, geschaeftsleitung: false },
    ];
    expect(errorsOf(() => computeZerlegung(base(noWages))).zeilen?.[0]).toMatch(/keine Arbeitslöhne/);
    expect(errorsOf(() => computeZerlegung(base([]))).zeilen).toBeDefined();
    expect(
      errorsOf(() =>
        computeZerlegung(
          base([{ ags: A, geschaeftsleitung: true, arbeitsloehne: '1' }], { messbetrag: '-1' }),
        ),
      ).messbetrag,
    ).toBeDefined();
    const both = [
      { ags: A, geschaeftsleitung: true, arbeitsloehne: '1000', arbeitnehmer: [{ lohn: '1000' }] },
    ];
    expect(errorsOf(() => computeZerlegung(base(both)))['zeilen.0.arbeitsloehne']).toBeDefined();
  });

  it('manual key needs a ratio on every line', () => {
    const errors = errorsOf(() =>
      computeZerlegung(
        base(
          [
            { ags: A, geschaeftsleitung: true, manueller_anteil: '1' },
            { ags: B, geschaeftsleitung: false },
          ],
          { schluessel: 'manuell' },
        ),
      ),
    );
    expect(errors['zeilen.1.manueller_anteil']).toBeDefined();
  });
});
