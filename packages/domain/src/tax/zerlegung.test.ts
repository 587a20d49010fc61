import { describe, expect, it } from 'vitest';
import { computeZerlegung } from './zerlegung';
import { A, B, base, C, errorsOf, KOBLENZ, TRIER } from './zerlegung.fixtures';
import { anrechenbareLoehneJeGemeinde, type ZerlegungInput } from './zerlegung-input';

describe('computeZerlegung — wage key (§29 Abs.1 Nr.1, §31 GewStG)', () => {
  it('worked example 3: MB 4,500, Koblenz 300,000 / Trier 100,000 → 3,375.00 / 1,125.00', () => {
    const r = computeZerlegung(
      base(
        [
          { ags: KOBLENZ, geschaeftsleitung: true, arbeitsloehne: '300000', hebesatz: 410 },
          { ags: TRIER, geschaeftsleitung: false, arbeitsloehne: '100000', hebesatz: 420 },
        ],
        { messbetrag: '4500' },
      ),
    );
    expect(r.zeilen).toEqual([
      {
        ags: KOBLENZ,
        quellzeilen: [0],
        geschaeftsleitung: true,
        arbeitsloehne_gerundet: '300000.00',
        quote: '0.7500000000',
        anteil: '3375.00',
        hebesatz: 410,
        steuer: '13837.50',
        kleinbetrag_umgelegt: false,
      },
      {
        ags: TRIER,
        quellzeilen: [1],
        geschaeftsleitung: false,
        arbeitsloehne_gerundet: '100000.00',
        quote: '0.2500000000',
        anteil: '1125.00',
        hebesatz: 420,
        steuer: '4725.00',
        kleinbetrag_umgelegt: false,
      },
    ]);
    expect(r.summe).toEqual({ anteil: '4500.00', steuer: '18562.50' });
    expect(r.hinweise).toEqual([]);
  });

  it('worked example 4 (§34): 300 / 692 / 8 → A 308.00, B 692.00, C 0.00', () => {
    const r = computeZerlegung(
      base([
        { ags: A, geschaeftsleitung: true, arbeitsloehne: '150000' },
        { ags: B, geschaeftsleitung: false, arbeitsloehne: '346000' },
        { ags: C, geschaeftsleitung: false, arbeitsloehne: '4000' },
      ]),
    );
    expect(r.zeilen.map((z) => [z.anteil, z.kleinbetrag_umgelegt])).toEqual([
      ['308.00', false],
      ['692.00', false],
      ['0.00', true],
    ]);
    expect(r.zeilen.map((z) => z.steuer)).toEqual([null, null, null]);
    expect(r.summe).toEqual({ anteil: '1000.00', steuer: null });
  });

  it('§34: a share of exactly 10.00 moves to the GL, 10.01 stays', () => {
    const ten = computeZerlegung(
      base([
        { ags: A, geschaeftsleitung: true, arbeitsloehne: '490000' },
        { ags: B, geschaeftsleitung: false, arbeitsloehne: '500000' },
        { ags: C, geschaeftsleitung: false, arbeitsloehne: '10000' },
      ]),
    );
    expect(ten.zeilen.map((z) => z.anteil)).toEqual(['500.00', '500.00', '0.00']);
    expect(ten.zeilen[2]?.kleinbetrag_umgelegt).toBe(true);
    const more = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '490000' },
          { ags: B, geschaeftsleitung: false, arbeitsloehne: '500000' },
          { ags: C, geschaeftsleitung: false, arbeitsloehne: '10000' },
        ],
        { messbetrag: '1001' },
      ),
    );
    expect(more.zeilen.map((z) => z.anteil)).toEqual(['490.49', '500.50', '10.01']);
    expect(more.zeilen[2]?.kleinbetrag_umgelegt).toBe(false);
  });

  it('§34: a whole MB of not more than 10 € goes to the GL', () => {
    const r = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '1000' },
          { ags: B, geschaeftsleitung: false, arbeitsloehne: '9000' },
        ],
        { messbetrag: '10.00' },
      ),
    );
    expect(r.zeilen.map((z) => [z.anteil, z.kleinbetrag_umgelegt])).toEqual([
      ['10.00', false],
      ['0.00', true],
    ]);
  });

  it('counts employees per §31: supplements yes, bonuses/trainees/hired staff no, 50,000 cap each', () => {
    const r = computeZerlegung(
      base([
        {
          ags: A,
          geschaeftsleitung: true,
          arbeitnehmer: [
            { lohn: '60000', zuschlaege: '5000', gewinnabhaengig: '20000' }, // capped: 50,000
            { lohn: '40000', zuschlaege: '3000', gewinnabhaengig: '10000' }, // 43,000
            { lohn: '30000', auszubildend: true },
            { lohn: '45000', fremdpersonal: true },
          ],
        },
        { ags: B, geschaeftsleitung: false, arbeitnehmer: [{ lohn: '6999.99' }] }, // → 6,000
      ]),
    );
    expect(r.zeilen.map((z) => z.arbeitsloehne_gerundet)).toEqual(['93000.00', '6000.00']);
    expect(r.zeilen.map((z) => z.anteil)).toEqual(['939.39', '60.61']);
  });

  it('adds 25,000 € once, in total, to the GL municipality of a partnership', () => {
    const partners = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, arbeitnehmer: [] },
          { ags: B, geschaeftsleitung: false, arbeitsloehne: '75000' },
        ],
        { rechtsform: 'personengesellschaft' },
      ),
    );
    expect(partners.zeilen.map((z) => [z.arbeitsloehne_gerundet, z.anteil])).toEqual([
      ['25000.00', '250.00'],
      ['75000.00', '750.00'],
    ]);
    const sole = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: false, arbeitsloehne: '75000' },
          { ags: B, geschaeftsleitung: true, arbeitsloehne: '0' },
        ],
        { rechtsform: 'einzelunternehmen' },
      ),
    );
    expect(sole.zeilen.map((z) => z.anteil)).toEqual(['750.00', '250.00']);
    const corp = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '0' },
          { ags: B, geschaeftsleitung: false, arbeitsloehne: '75000' },
        ],
        { rechtsform: 'sonstige' },
      ),
    );
    expect(corp.zeilen.map((z) => z.anteil)).toEqual(['0.00', '1000.00']);
  });

  it('merges lines with the same AGS before rounding to 1,000 € and adds the Unternehmerlohn once', () => {
    const r = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '600' },
          { ags: B, geschaeftsleitung: false, arbeitsloehne: '10000', hebesatz: 380 },
          { ags: A, geschaeftsleitung: false, arbeitsloehne: '600', hebesatz: 490 },
        ],
        { rechtsform: 'personengesellschaft' },
      ),
    );
    expect(r.zeilen).toHaveLength(2);
    expect(r.zeilen[0]).toMatchObject({
      ags: A,
      quellzeilen: [0, 2],
      geschaeftsleitung: true,
      arbeitsloehne_gerundet: '26000.00', // 1,200 + 25,000 → 26,000
      hebesatz: 490,
    });
  });

  it('rejects different Hebesätze for the same municipality', () => {
    const errors = errorsOf(() =>
      computeZerlegung(
        base([
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '1000', hebesatz: 400 },
          { ags: A, geschaeftsleitung: false, arbeitsloehne: '1000', hebesatz: 410 },
        ]),
      ),
    );
    expect(errors['zeilen.1.hebesatz']?.[0]).toMatch(/verschiedene Hebesätze/);
  });

  it('an empty municipality says "Gemeinde fehlt", not the AGS digit rule (issue 11, point 8)', () => {
    const errors = errorsOf(() =>
      computeZerlegung(
        base([
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '1000' },
          { ags: '', geschaeftsleitung: false, arbeitsloehne: '1000' },
          { ags: '123', geschaeftsleitung: false, arbeitsloehne: '1000' },
        ]),
      ),
    );
    expect(errors['zeilen.1.ags']).toEqual(['Gemeinde fehlt: bitte die Gemeinde wählen.']);
    expect(errors['zeilen.2.ags']?.[0]).toMatch(/8 Ziffern/);
  });
});

describe('computeZerlegung — rounding policies', () => {
  const thirds = (rundung: ZerlegungInput['rundung']) =>
    computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: false, arbeitsloehne: '1000' },
          { ags: B, geschaeftsleitung: true, arbeitsloehne: '1000' },
          { ags: C, geschaeftsleitung: false, arbeitsloehne: '1000' },
        ],
        { messbetrag: '100.00', rundung },
      ),
    );

  it('largest remainder (default): ties go to the GL first, the sum is exact', () => {
    expect(thirds(undefined).zeilen.map((z) => z.anteil)).toEqual(['33.33', '33.34', '33.33']);
    expect(thirds('largest_remainder').summe.anteil).toBe('100.00');
  });

  it('largest remainder hands cents to the largest remainders', () => {
    // 2/7, 2/7, 3/7 of 10.00 € → 285.71…, 285.71…, 428.57… cents
    const r = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '2000' },
          { ags: B, geschaeftsleitung: false, arbeitsloehne: '2000' },
          { ags: C, geschaeftsleitung: false, arbeitsloehne: '3000' },
        ],
        { messbetrag: '1000.00' },
      ),
    );
    expect(r.zeilen.map((z) => z.anteil)).toEqual(['285.72', '285.71', '428.57']);
  });

  it('half_up rounds each line alone and notes a differing sum', () => {
    const r = thirds('half_up');
    expect(r.zeilen.map((z) => z.anteil)).toEqual(['33.33', '33.33', '33.33']);
    expect(r.summe.anteil).toBe('99.99');
    expect(r.hinweise.join(' ')).toMatch(/weicht .* -0.01 Euro/);
  });

  it('rest_an_geschaeftsleitung floors the others and gives the GL the rest', () => {
    expect(thirds('rest_an_geschaeftsleitung').zeilen.map((z) => z.anteil)).toEqual([
      '33.33',
      '33.34',
      '33.33',
    ]);
  });

  it('taxes are half-up to the cent on shares with cents', () => {
    const r = computeZerlegung(
      base(
        [
          { ags: A, geschaeftsleitung: true, arbeitsloehne: '1000', hebesatz: 435 },
          { ags: B, geschaeftsleitung: false, arbeitsloehne: '2000', hebesatz: 400 },
        ],
        { messbetrag: '100.00' },
      ),
    );
    // 33.33 × 4.35 = 144.9855 → 144.99; 66.67 × 4 = 266.68
    expect(r.zeilen.map((z) => [z.anteil, z.steuer])).toEqual([
      ['33.33', '144.99'],
      ['66.67', '266.68'],
    ]);
    expect(r.summe.steuer).toBe('411.67');
  });
});

describe('anrechenbareLoehneJeGemeinde (§31 Abs.4 GewStG, per-employee lists)', () => {
  const row = (person: string | null, ags: string, euro: number, extra: object = {}) => ({
    person,
    ags,
    lohnCent: BigInt(euro * 100),
    zuschlaegeCent: 0n,
    ...extra,
  });

  it('caps one employee once over all their rows, split in proportion across municipalities', () => {
    const m = anrechenbareLoehneJeGemeinde([
      row('7', A, 30_000),
      row('7', A, 30_000),
      row('8', A, 40_000),
      row('8', B, 20_000),
      row('8', C, 0.01),
    ]);
    // 7: 60,000 → 50,000 at A. 8: 60,000.01 → 50,000 split 40,000 : 20,000 : 0.01 →
    // 33,333.32 / 16,666.66 / 0.00 (cents down), the 2 cents left to the largest part (A)
    expect(Object.fromEntries(m)).toEqual({ [A]: 8_333_334n, [B]: 1_666_666n, [C]: 0n });
    expect([...m.values()].reduce((a, b) => a + b, 0n)).toBe(10_000_000n);
  });

  it('rows without a person are employees of their own; trainees and hired staff never count', () => {
    const m = anrechenbareLoehneJeGemeinde([
      row(null, A, 30_000),
      row('', A, 30_000),
      row('9', B, 60_000, { auszubildend: true }),
      row('9', B, 10_000, { fremdpersonal: true }),
    ]);
    expect(m.get(A)).toBe(6_000_000n);
    expect(m.get(B)).toBe(0n);
  });
});
