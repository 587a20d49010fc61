import { describe, expect, it } from 'vitest';
import {
  abschlusszahlungRequestSchema,
  bundeslandFromAgs,
  defaultInterestPeriodInputSchema,
  interestCalculateQuerySchema,
  interestCalculateResultSchema,
  interestRateInputSchema,
  messbetragRequestSchema,
  messbetragResultSchema,
  vorauszahlungenRequestSchema,
  zerlegungRequestSchema,
  zerlegungResultSchema,
} from '../api/calculations';
import { computeInterest } from './interest';
import { computeMessbetrag } from './messbetrag';
import { computeZerlegung } from './zerlegung';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

// The API schemas live in src/api/calculations.ts; tests sit here with the rules they feed.
describe('calculation API schemas', () => {
  it('accepts a Messbetrag request and validates the result of the rule', () => {
    const req = messbetragRequestSchema.parse({
      gewerbeertrag: '68250.00',
      rechtsform: 'einzelunternehmen',
      hebesatz: 400,
    });
    expect(messbetragResultSchema.parse(computeMessbetrag(req))).toMatchObject({ steuer: '6116.00' });
  });

  it('rejects German-formatted money, a low Hebesatz and unknown legal forms with German messages', () => {
    const r = messbetragRequestSchema.safeParse({
      gewerbeertrag: '1.234,56',
      rechtsform: 'gmbh',
      hebesatz: 150,
    });
    expect(r.success).toBe(false);
    const m = messages(r);
    expect(m.gewerbeertrag).toMatch(/Dezimalzahl/);
    expect(m.rechtsform).toBe('Unbekannte Rechtsform.');
    expect(m.hebesatz).toMatch(/mindestens 200/);
  });

  it('validates AGS and maps it to the Bundesland', () => {
    expect(
      vorauszahlungenRequestSchema.safeParse({ year: 2026, letzte_steuer: '2021.60', ags: '09162000' })
        .success,
    ).toBe(true);
    const bad = vorauszahlungenRequestSchema.safeParse({ year: 2026, letzte_steuer: '-1', ags: '1234' });
    expect(Object.keys(messages(bad)).sort()).toEqual(['ags', 'letzte_steuer']);
    expect(bundeslandFromAgs('10041100')).toBe('Saarland');
  });

  it('checks prepayment lines of an Abschlusszahlung', () => {
    const r = abschlusszahlungRequestSchema.safeParse({
      steuer: '100.00',
      vorauszahlungen: [{ quartal: 5, betrag: '10', faellig_am: '2026-02-30', bezahlt: 'ja' }],
      aufgabe_zur_post: '2026-03-02',
      ags: '05315000',
    });
    expect(Object.keys(messages(r)).sort()).toEqual([
      'vorauszahlungen.0.bezahlt',
      'vorauszahlungen.0.faellig_am',
      'vorauszahlungen.0.quartal',
    ]);
  });

  it('parses a Zerlegung request with defaults and validates the rule’s result', () => {
    const req = zerlegungRequestSchema.parse({
      year: 2024,
      messbetrag: '4500',
      schluessel: 'arbeitslohn',
      rechtsform: 'kapitalgesellschaft',
      zeilen: [
        { ags: '07111000', geschaeftsleitung: true, arbeitsloehne: '300000', hebesatz: 410 },
        { ags: '07211000', arbeitsloehne: '100000', hebesatz: 420 },
      ],
    });
    // No rule named: the schema leaves it open so the server can fill in the
    // zerlegung.rundung setting; the calculation itself falls back to the largest remainder.
    expect(req.rundung).toBeUndefined();
    expect(req.zeilen[1]?.geschaeftsleitung).toBe(false);
    expect(zerlegungResultSchema.parse(computeZerlegung(req)).summe.steuer).toBe('18562.50');
    expect(zerlegungRequestSchema.parse({ ...req, rundung: 'half_up' }).rundung).toBe('half_up');
  });

  it('requires exactly one Geschäftsleitung and not both wage inputs in a Zerlegung request', () => {
    const r = zerlegungRequestSchema.safeParse({
      year: 2024,
      messbetrag: '100',
      schluessel: 'arbeitslohn',
      rechtsform: 'kapitalgesellschaft',
      zeilen: [{ ags: '07111000', arbeitsloehne: '1', arbeitnehmer: [] }],
    });
    expect(messages(r)).toMatchObject({
      zeilen: 'Genau eine Gemeinde muss Ort der Geschäftsleitung sein.',
      'zeilen.0.arbeitsloehne': expect.stringMatching(/nicht beides/),
    });
  });

  it('parses the interest calculator query (strings from the URL) and its result', () => {
    const q = interestCalculateQuerySchema.parse({
      amount: '10000',
      startDate: '2018-04-01',
      endDate: '2022-08-03',
    });
    expect(interestCalculateResultSchema.parse(computeInterest(q))).toMatchObject({
      months: 52,
      interest: '1095.00',
    });
    const bad = interestCalculateQuerySchema.safeParse({
      amount: '1',
      startDate: '2022-01-02',
      endDate: '2022-01-01',
    });
    expect(messages(bad).endDate).toMatch(/nicht vor seinem Beginn/);
  });

  it('normalises interest rates and default periods', () => {
    expect(interestRateInputSchema.parse({ valid_from: '2019-01-01', rate: 0.15 })).toEqual({
      valid_from: '2019-01-01',
      rate: '0.15',
    });
    expect(interestRateInputSchema.safeParse({ valid_from: '2019-01-01', rate: '0,15' }).success).toBe(false);
    expect(defaultInterestPeriodInputSchema.parse({ year: '2024', starts_at: '2026-06-01' })).toEqual({
      year: 2024,
      starts_at: '2026-06-01',
    });
  });
});
