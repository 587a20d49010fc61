/**
 * Money relations of the consistency solver (tenth step, engineer `money`): every relation
 * confirms a value (high confidence), or contradicts a printed one (low confidence and a German
 * check naming the figures), or stays silent where the figures leave room (no false alarm).
 * Property tests: no cent lost or doubled, never more due than printed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  interestOf,
  messbetragOf,
  quarterOf,
  saeumnisUnit,
  solveArrears,
  solveAssessment,
  solveInterest,
  solveMessbescheid,
  taxOfCents,
} from './solver.js';
import { canon, cand, de, page, read } from './solver-fixture.js';

const GEWST = ['messbetrag', 'hebesatz', 'festgesetzte_steuer', 'bisher_festgesetzt', 'abrechnung'];
const cents = (max: number, min = 1) => fc.bigInt({ min: BigInt(min), max: BigInt(max) });
/** Hebesätze as printed: whole per cent from the legal minimum, some with a half. */
const rate = fc.oneof(
  fc.integer({ min: 200, max: 900 }),
  fc.integer({ min: 400, max: 1800 }).map((n) => n / 2),
);

describe('interest (§ 233a AO): a printed figure the arithmetic contradicts gets a check', () => {
  const notice = (zinsen: string) =>
    page([
      'Stadt Igel | Igel, den 10.07.2017',
      'Bescheid über Zinsen zur Gewerbesteuer 2014',
      'Zu verzinsender Betrag | 98.760,00 €',
      'Zinslauf vom 01.04.2016 bis 10.07.2017',
      `Zinsen (15 volle Monate × 0,5 %) | ${zinsen} €`,
    ]);

  it('names the printed interest, the base rounded down to 50 €, the months and the rate', () => {
    const { v, fields, checks } = read('zinsbescheid', notice('1.234,50'));
    expect(v.zinsen).toBe('1234.50');
    expect(checks).toEqual([
      {
        code: 'zinsen_passt_nicht',
        message:
          'Zinsen laut Bescheid 1.234,50 € weichen von der Berechnung ab (Bemessungsgrundlage 98.750 € × 15 Monate × 0,5 % = 7.406,00 €).',
        fields: ['zinsen', 'zinsen_von', 'zinsen_bis'],
      },
    ]);
    expect(fields.zinsen!.confidence).toBeLessThan(0.5);
  });

  it('the interest the arithmetic confirms: high confidence, no check', () => {
    const { v, fields, checks } = read('zinsbescheid', notice('7.406,00'));
    expect(v).toMatchObject({ zinsen: '7406.00', zinsen_von: '2016-04-01', zinsen_bis: '2017-07-10' });
    expect(checks).toEqual([]);
    expect(fields.zinsen!.confidence).toBeGreaterThan(0.9);
  });

  it('no false alarm where the figures leave room: a month more or less, a refund rounded up, the 10 € floor, a period across 2018/2019', () => {
    const z = (zinsen: string, von: string, bis: string, base = '98.760,00') =>
      solveInterest(
        { zinsen: [cand(zinsen, 1, 9)], zinsen_von: [cand(von, 1, 3)], zinsen_bis: [cand(bis, 1, 4)] },
        [cand(base, 0.05, 2), cand(zinsen, 0.05, 9)].map((c) => ({
          ...c,
          value: c.value === base ? canon(BigInt(String(base).replace(/\D/g, ''))) : c.value,
        })),
        [],
        { year: 2014, noticeDate: bis },
      ).checks;
    expect(z('6912.00', '2016-04-01', '2017-07-10')).toEqual([]); // 14 months
    expect(z('7900.00', '2016-04-01', '2017-07-10')).toEqual([]); // 16 months
    expect(z('7407.00', '2016-04-01', '2017-07-10')).toEqual([]); // rounded up (refund)
    expect(z('10.00', '2016-04-01', '2017-07-10', '800,00')).toEqual([]); // below 10 € not set
    expect(z('3000.00', '2018-04-01', '2019-07-10')).toEqual([]); // per day across 31.12.2018
    expect(z('3000.00', '2016-04-01', '2017-07-10')).toHaveLength(1);
  });

  it('property: base × months × rate read from a computation line is never flagged; any other printed figure is', () => {
    fc.assert(
      fc.property(
        cents(50_000_000, 100_000),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 500_000 }),
        (base, months, offset) => {
          const z = interestOf(base, months, 15n);
          fc.pre(z > 1000n);
          const von = '2021-04-01';
          const end = new Date(Date.UTC(2021, 3 + months, 10)).toISOString().slice(0, 10);
          const lines = (zinsen: bigint) =>
            page([
              'Stadt Igel | Igel, den ' + end.split('-').reverse().join('.'),
              'Bescheid über Zinsen zur Gewerbesteuer 2019',
              `Zu verzinsender Betrag | ${de(base)} €`,
              `Zinslauf vom 01.04.2021 bis ${end.split('-').reverse().join('.')}`,
              `Zinsen | ${de(zinsen)} €`,
            ]);
          const ok = read('zinsbescheid', lines(z));
          expect(ok.checks).toEqual([]);
          expect(ok.v).toMatchObject({ zinsen: canon(z), zinsen_von: von, zinsen_bis: end });
          // A printed interest that no month count near the period and no rounding explains.
          const wrong = z + BigInt(offset) * 100n + 1n;
          const near = [months - 1, months, months + 1].flatMap((m) =>
            [15n, 50n].map((r) => interestOf(base, m, r)),
          );
          fc.pre(wrong < base && near.every((n) => wrong !== n && wrong !== n + 100n));
          const bad = read('zinsbescheid', lines(wrong));
          expect(bad.v.zinsen).toBe(canon(wrong)); // the printed figure is kept, not replaced
          expect(bad.checks.map((c) => c.code)).toEqual(['zinsen_passt_nicht']);
          expect(bad.checks[0]!.message).toContain(`Zinsen laut Bescheid ${de(wrong)} €`);
          expect(bad.checks[0]!.message).toContain(`= ${de(interestOf(base, months, 15n))} €`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('property: interest = base rounded down to 50 € × months × rate, rounded down to full euros', () => {
    fc.assert(
      fc.property(cents(1e11), fc.integer({ min: 0, max: 400 }), fc.constantFrom(15n, 50n), (b, m, r) => {
        const z = interestOf(b, m, r);
        const exact = (b / 5000n) * 5000n * r * BigInt(m); // in 1/1,000,000 euros
        expect(z % 100n).toBe(0n);
        expect(z * 10000n <= exact).toBe(true); // never more than the law's figure
        expect(exact - z * 10000n < 1_000_000n).toBe(true); // less by under one euro
        expect(interestOf(b, m, r) <= interestOf(b + 5000n, m, r)).toBe(true);
      }),
    );
  });
});

describe('arrears (§ 240 AO)', () => {
  it('misleading labels: "Säumniszuschläge … 43.953,00 €" and the total under "Rückstand" — the arithmetic decides', () => {
    const p = page([
      'Stadt Igel | Igel, den 15.05.2024',
      'Mahnung - Säumniszuschläge für 2022',
      'die Gewerbesteuer 2022 von 43.953,00 € ist seit 15.05.2023 offen.',
      'Nach § 240 AO sind für jeden angefangenen Monat 1 % des abgerundeten Betrags zu entrichten:',
      '1 % von 43.950,00 € x 1 = 439,50 €. Auslagen: 14,00 €. Bitte zahlen Sie insgesamt 44.406,50 €.',
      'Rückstand 2022 | 44.406,50 €',
    ]);
    const { v, fields, checks } = read('mahnung', p);
    expect(v).toMatchObject({ rueckstand: '43953.00', saeumniszuschlag: '439.50' });
    expect(checks).toEqual([]);
    expect(fields.saeumniszuschlag!.confidence).toBeGreaterThan(0.9);
  });

  it('a surcharge that is no multiple of 1 % of the arrears: low confidence and a check naming the figures', () => {
    const p = page(['Mahnung', 'Rückstand | 43.953,00 €', 'Säumniszuschlag | 439,00 €']);
    const { v, fields, checks } = read('mahnung', p);
    expect(v).toMatchObject({ rueckstand: '43953.00', saeumniszuschlag: '439.00' });
    expect(checks.map((c) => c.message)).toEqual([
      'Säumniszuschlag laut Mahnung 439,00 € weicht von der Berechnung ab (Rückstand 43.953,00 €, abgerundet auf volle 50 € = 43.950,00 € × 1 % = 439,50 € je angefangenen Monat; 439,00 € ist kein Vielfaches davon, § 240 AO).',
    ]);
    expect(fields.saeumniszuschlag!.confidence).toBeLessThan(0.5);
  });

  it('property: k started months of 1 % of the arrears rounded down to 50 € are confirmed; any other surcharge is flagged', () => {
    fc.assert(
      fc.property(cents(1e9, 5000), fc.integer({ min: 1, max: 60 }), cents(1e6), (r, k, delta) => {
        const s = saeumnisUnit(r) * BigInt(k);
        expect(saeumnisUnit(r) * 100n <= r).toBe(true); // never more than 1 % of the arrears
        expect(r - saeumnisUnit(r) * 100n < 5000n).toBe(true); // less by under 50 € of base
        const ok = solveArrears(
          { rueckstand: [cand(canon(r), 1, 1)], saeumniszuschlag: [cand(canon(s), 1, 2)] },
          [],
        );
        expect(ok.chosen.saeumniszuschlag?.value).toBe(canon(s));
        expect(ok.confirmed.size).toBe(2);
        expect(ok.checks).toEqual([]);
        const wrong = s + delta;
        fc.pre(wrong % saeumnisUnit(r) !== 0n || wrong / saeumnisUnit(r) > 60n);
        const bad = solveArrears(
          { rueckstand: [cand(canon(r), 1, 1)], saeumniszuschlag: [cand(canon(wrong), 1, 2)] },
          [],
        );
        expect(bad.chosen.saeumniszuschlag?.value).toBe(canon(wrong));
        expect(bad.checks.map((c) => c.code)).toEqual(['saeumnis_passt_nicht']);
        expect(bad.checks[0]!.message).toContain(`${de(saeumnisUnit(r))} € je angefangenen Monat`);
      }),
    );
  });
});

describe('assessment: Messbetrag × Hebesatz / 100 = Steuer, Steuer − bisher = Abrechnung', () => {
  it('a contradicted tax and difference: both checks name the figures', () => {
    const s = solveAssessment(
      {
        messbetrag: [cand('532.00', 1, 1)],
        hebesatz: [cand(380, 1, 2)],
        festgesetzte_steuer: [cand('2000.00', 1, 3)],
        bisher_festgesetzt: [cand('1500.00', 1, 4)],
        abrechnung: [cand('521.60', 1, 5)],
      },
      [],
      GEWST,
    );
    expect(s.checks.map((c) => c.message)).toEqual([
      'Festgesetzte Steuer laut Bescheid 2.000,00 € weicht von der Berechnung ab (Messbetrag 532,00 € × Hebesatz 380 % / 100 = 2.021,60 €).',
      'Abrechnung laut Bescheid 521,60 € weicht von der Berechnung ab (festgesetzte Steuer 2.000,00 € − bisher festgesetzt 1.500,00 € = 500,00 €).',
    ]);
  });

  it('property: consistent labelled figures are confirmed exactly; a changed tax or difference is kept and flagged', () => {
    fc.assert(
      fc.property(
        cents(5_000_000),
        rate,
        cents(100_000_000, 0),
        cents(100_000),
        fc.boolean(),
        (mb, h, bisher, delta, up) => {
          const t = taxOfCents(mb, h);
          const d = t - bisher; // positive: to pay; negative: refund
          // No cent lost or doubled: the tax is Messbetrag × rate to the half cent.
          const hh = BigInt(Math.round(h * 100));
          expect(t * 10000n - mb * hh <= 5000n && mb * hh - t * 10000n < 5000n).toBe(true);
          expect(bisher + d).toBe(t);
          const labelled = (tax: bigint, diff: bigint) => ({
            messbetrag: [cand(canon(mb), 1, 1)],
            hebesatz: [cand(h, 1, 2)],
            festgesetzte_steuer: [cand(canon(tax), 1, 3)],
            bisher_festgesetzt: [cand(canon(bisher), 1, 4)],
            abrechnung: [cand(canon(diff), 1, 5)],
          });
          const ok = solveAssessment(labelled(t, d), [], GEWST);
          expect(ok.checks).toEqual([]);
          expect(ok.chosen.abrechnung?.value).toBe(canon(d));
          expect([...ok.confirmed].sort()).toEqual([...GEWST].sort());
          // The notice prints a different difference: we keep what is printed, never our figure.
          const wrongD = up ? d + delta : d - delta;
          // A wrong difference equal to another printed figure is ambiguous by arithmetic (fast-check
          // shrinks to such cent-sized collisions): the labels alone cannot tell which figure is off.
          fc.pre(![t, bisher, mb].includes(wrongD));
          const bad = solveAssessment(labelled(t, wrongD), [], GEWST);
          expect(bad.chosen.abrechnung?.value).toBe(canon(wrongD));
          expect(bad.checks.map((c) => c.code)).toEqual(['abrechnung_passt_nicht']);
          expect(bad.checks[0]!.message).toContain(`= ${de(d)} €`);
          const wrongT = up ? t + delta : t - delta;
          fc.pre(wrongT > 0n);
          const badT = solveAssessment(labelled(wrongT, wrongT - bisher), [], GEWST);
          expect(badT.chosen.festgesetzte_steuer?.value).toBe(canon(wrongT));
          expect(badT.checks.map((c) => c.code)).toEqual(['steuer_passt_nicht']);
          expect(badT.checks[0]!.message).toContain(`= ${de(t)} €`);
        },
      ),
    );
  });

  it('property: prepayments are a quarter of the tax rounded down to full euros — never more than the year, less by under 4 €', () => {
    fc.assert(
      fc.property(cents(1e11, 0), (annual) => {
        const q = quarterOf(annual);
        expect(q % 100n).toBe(0n);
        expect(4n * q <= annual).toBe(true);
        expect(annual - 4n * q < 400n).toBe(true);
      }),
    );
  });

  it('property: a Vorauszahlungsbescheid without a Messbetrag label — the printed quarter floor(tax / 4) finds it', () => {
    fc.assert(
      fc.property(
        cents(2_000_000, 10_000).map((c) => (c / 100n) * 100n),
        fc.integer({ min: 250, max: 900 }),
        (mb, h) => {
          const q = quarterOf(taxOfCents(mb, h));
          fc.pre(q > 0n && q !== mb && q * 4n !== mb);
          const s = solveAssessment(
            { messbetrag: [], hebesatz: [cand(h, 1, 1)] },
            [cand(canon(mb), 0.05, 2), cand(canon(q), 0.05, 3)],
            ['messbetrag', 'hebesatz'],
          );
          expect(s.chosen.messbetrag?.value).toBe(canon(mb));
          expect(s.checks).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('Messbescheid: (Gewerbeertrag rounded down to 100 € − Freibetrag) × 3.5 %, rounded down', () => {
  it('a contradicted Messbetrag: the check shows the derivation', () => {
    const s = solveMessbescheid(
      {
        gewerbeertrag: [cand('86420.00', 1, 1)],
        freibetrag: [cand('24500.00', 1, 2)],
        messbetrag: [cand('2200.00', 1, 3)],
      },
      [],
    );
    expect(s.checks.map((c) => c.message)).toEqual([
      'Messbetrag laut Bescheid 2.200,00 € weicht von der Berechnung ab (Gewerbeertrag 86.420,00 €, abgerundet auf volle 100 € 86.400,00 € − Freibetrag 24.500,00 € = 61.900,00 € × 3,5 %, abgerundet = 2.166,00 €).',
    ]);
  });

  it('property: the Messbetrag is confirmed and never exceeds 3.5 % of the Gewerbeertrag; another one is flagged', () => {
    fc.assert(
      fc.property(
        cents(1e10, 100),
        fc.constantFrom(0n, 2_450_000n, 500_000n),
        cents(1_000_000),
        (g, f, delta) => {
          const m = messbetragOf(g, f);
          expect(m % 100n).toBe(0n);
          expect(m * 1000n <= g * 35n).toBe(true);
          expect(messbetragOf(g, f) <= messbetragOf(g + 10_000n, f)).toBe(true);
          const labelled = (mv: bigint) => ({
            gewerbeertrag: [cand(canon(g), 1, 1)],
            freibetrag: [cand(canon(f), 1, 2)],
            messbetrag: [cand(canon(mv), 1, 3)],
          });
          const ok = solveMessbescheid(labelled(m), []);
          expect(ok.chosen.messbetrag?.value).toBe(canon(m));
          expect(ok.checks).toEqual([]);
          const bad = solveMessbescheid(labelled(m + delta), []);
          expect(bad.chosen.messbetrag?.value).toBe(canon(m + delta));
          expect(bad.checks.map((c) => c.code)).toEqual(['messbetrag_passt_nicht']);
          expect(bad.checks[0]!.message).toContain(`abgerundet = ${de(m)} €`);
        },
      ),
    );
  });
});
