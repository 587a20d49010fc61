import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainValidationError } from './errors';
import { computeZerlegung } from './zerlegung';

const AGS_POOL = [
  '01001000',
  '02000000',
  '05315000',
  '07111000',
  '07211000',
  '09162000',
  '11000000',
  '16051000',
];

const line = fc.record({
  ags: fc.constantFrom(...AGS_POOL),
  wagesCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000_00 })),
  kwMilli: fc.integer({ min: 0, max: 50_000_000 }),
  manual: fc.integer({ min: 0, max: 1000 }),
});

const scenario = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  glPick: fc.nat(),
  mbCents: fc.integer({ min: 0, max: 10_000_000_00 }),
  rundung: fc.constantFrom('largest_remainder' as const, 'rest_an_geschaeftsleitung' as const),
  schluessel: fc.constantFrom('arbeitslohn' as const, 'wind_solar' as const, 'manuell' as const),
  rechtsform: fc.constantFrom('kapitalgesellschaft' as const, 'personengesellschaft' as const),
  year: fc.integer({ min: 2021, max: 2026 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Mirrors the rules: wages merged per AGS (+25,000 € at the GL for partnerships), floored to 1,000 €. */
function impossible(s: Scenario, gl: number): boolean {
  const perAgs = new Map<string, number>();
  s.lines.forEach((l, i) => {
    const bonus = i === gl && s.rechtsform === 'personengesellschaft' ? 25_000_00 : 0;
    perAgs.set(l.ags, (perAgs.get(l.ags) ?? 0) + l.wagesCents + bonus);
  });
  const noWages = [...perAgs.values()].every((c) => Math.floor(c / 1000_00) === 0);
  if (s.schluessel === 'arbeitslohn') return noWages;
  if (s.schluessel === 'wind_solar') return s.lines.every((l) => l.kwMilli === 0);
  return s.lines.every((l) => l.manual === 0);
}

describe('Zerlegung properties', () => {
  it('largest_remainder and rest_an_geschaeftsleitung sum exactly to the MB and are never negative', () => {
    let checked = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const gl = s.glPick % s.lines.length;
        const zeilen = s.lines.map((l, i) => ({
          ags: l.ags,
          geschaeftsleitung: i === gl,
          arbeitsloehne: (l.wagesCents / 100).toFixed(2),
          installierte_leistung_kw: (l.kwMilli / 1000).toFixed(3),
          manueller_anteil: String(l.manual),
        }));
        let r: ReturnType<typeof computeZerlegung>;
        try {
          r = computeZerlegung({
            year: s.year,
            messbetrag: (s.mbCents / 100).toFixed(2),
            schluessel: s.schluessel,
            rechtsform: s.rechtsform,
            rundung: s.rundung,
            zeilen,
          });
        } catch (e) {
          // only impossible input may throw: no wages / no kW / all-zero manual ratios
          expect(e).toBeInstanceOf(DomainValidationError);
          expect(Object.keys((e as DomainValidationError).errors)).toEqual(['zeilen']);
          expect(impossible(s, gl)).toBe(true);
          return;
        }
        checked++;
        const cents = r.zeilen.map((z) => Math.round(Number(z.anteil) * 100));
        expect(cents.reduce((a, b) => a + b, 0)).toBe(s.mbCents);
        expect(cents.every((c) => c >= 0)).toBe(true);
        // §34: no non-GL municipality keeps a share of 0.01–10.00
        for (const z of r.zeilen) {
          if (!z.geschaeftsleitung) expect(Number(z.anteil) === 0 || Number(z.anteil) > 10).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});
