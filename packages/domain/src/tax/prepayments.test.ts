import { describe, expect, it } from 'vitest';
import type { DomainValidationError } from './errors';
import {
  computeAbschlusszahlung,
  computeBekanntgabe,
  computeVorauszahlungen,
  vorauszahlungFaelligkeit,
} from './prepayments';

describe('computeVorauszahlungen (§19 GewStG)', () => {
  it('worked example 5: last tax 2,021.60 → 4 × 505.00', () => {
    const r = computeVorauszahlungen({ year: 2017, letzte_steuer: '2021.60', bundesland: 'Bayern' });
    expect(r.quartale.map((q) => q.betrag)).toEqual(['505.00', '505.00', '505.00', '505.00']);
    expect(r.quartale.map((q) => q.quartal)).toEqual([1, 2, 3, 4]);
  });

  it('worked example 5: 199.99 → 49 < 50 → none; exactly 200.00 → 4 × 50.00', () => {
    expect(
      computeVorauszahlungen({ year: 2026, letzte_steuer: '199.99', bundesland: 'Hessen' }).quartale,
    ).toEqual([]);
    expect(
      computeVorauszahlungen({ year: 2026, letzte_steuer: '200.00', bundesland: 'Hessen' }).quartale.map(
        (q) => q.betrag,
      ),
    ).toEqual(['50.00', '50.00', '50.00', '50.00']);
    expect(
      computeVorauszahlungen({ year: 2026, letzte_steuer: '0.00', bundesland: 'Hessen' }).quartale,
    ).toEqual([]);
  });

  it('worked example 6: 2026 — 15 Feb Sunday → 16 Feb, 15 Aug Saturday → 17 Aug', () => {
    const r = computeVorauszahlungen({
      year: 2026,
      letzte_steuer: '4000',
      bundesland: 'Nordrhein-Westfalen',
    });
    expect(r.quartale.map((q) => q.faellig_am)).toEqual([
      '2026-02-16',
      '2026-05-15',
      '2026-08-17',
      '2026-11-16',
    ]);
  });

  it('15 Aug 2025 (Friday): Saarland moves to Monday 18 Aug; NRW and (by default) Bayern keep it', () => {
    expect(vorauszahlungFaelligkeit(2025, 3, 'Saarland')).toBe('2025-08-18');
    expect(vorauszahlungFaelligkeit(2025, 3, 'Nordrhein-Westfalen')).toBe('2025-08-15');
    expect(vorauszahlungFaelligkeit(2025, 3, 'Bayern')).toBe('2025-08-15');
    expect(vorauszahlungFaelligkeit(2025, 3, 'Bayern', { bayernMariaeHimmelfahrt: true })).toBe('2025-08-18');
  });

  it('rejects bad input per field', () => {
    try {
      computeVorauszahlungen({ year: 2026.5, letzte_steuer: 'abc', bundesland: 'Preußen' as never });
      expect.unreachable();
    } catch (e) {
      expect(Object.keys((e as DomainValidationError).errors).sort()).toEqual([
        'bundesland',
        'letzte_steuer',
        'year',
      ]);
    }
  });
});

describe('computeBekanntgabe (§122 Abs.2 AO)', () => {
  it('3rd day after posting before 2025', () => {
    expect(computeBekanntgabe('2016-07-22', 'Bayern')).toBe('2016-07-25'); // Fri → Mon
    expect(computeBekanntgabe('2024-03-04', 'Hessen')).toBe('2024-03-07');
  });

  it('4th day after posting from 1 Jan 2025', () => {
    expect(computeBekanntgabe('2024-12-31', 'Hessen')).toBe('2025-01-03'); // 3 days, old rule
    expect(computeBekanntgabe('2025-01-01', 'Hessen')).toBe('2025-01-06'); // 5 Jan is a Sunday
    expect(computeBekanntgabe('2025-03-03', 'Hessen')).toBe('2025-03-07');
  });

  it('moves a weekend or holiday to the next working day, by state', () => {
    expect(computeBekanntgabe('2025-03-05', 'Hessen')).toBe('2025-03-10'); // Sun 9 → Mon 10
    // posted Mon 27 Oct 2025 → Fri 31 Oct: Reformationstag in Sachsen, not in Hessen
    expect(computeBekanntgabe('2025-10-27', 'Sachsen')).toBe('2025-11-03');
    expect(computeBekanntgabe('2025-10-27', 'Hessen')).toBe('2025-10-31');
    // posted Sun 31 May 2026 → Thu 4 Jun: Fronleichnam in NRW
    expect(computeBekanntgabe('2026-05-31', 'Nordrhein-Westfalen')).toBe('2026-06-05');
    expect(computeBekanntgabe('2026-05-31', 'Niedersachsen')).toBe('2026-06-04');
  });
});

describe('computeAbschlusszahlung (§20 GewStG)', () => {
  const vz = (bezahlt: boolean[]) =>
    ['2016-02-15', '2016-05-17', '2016-08-16', '2016-11-15'].map((faellig_am, i) => ({
      quartal: i + 1,
      betrag: '500.00',
      faellig_am,
      bezahlt: bezahlt[i] ?? true,
    }));

  it('court record: Bekanntgabe 25 Jul 2016 → payment due 25 Aug 2016, appeal until 25 Aug', () => {
    const r = computeAbschlusszahlung({
      steuer: '2021.60',
      vorauszahlungen: [],
      aufgabe_zur_post: '2016-07-22',
      bundesland: 'Bayern',
    });
    expect(r).toEqual({
      bekanntgabe: '2016-07-25',
      soll_vorauszahlungen: '0.00',
      abrechnung: '2021.60',
      angerechnet: '0.00',
      faellig_nicht_bezahlt: '0.00',
      unterschied: '2021.60',
      sofort: { betrag: '0.00', faellig_am: null },
      rest: { betrag: '2021.60', faellig_am: '2016-08-25' },
      erstattung: '0.00',
      rechtsbehelfsfrist_bis: '2016-08-25',
    });
  });

  it('all prepayments paid: only the excess is due one month after Bekanntgabe', () => {
    const r = computeAbschlusszahlung({
      steuer: '2500.00',
      vorauszahlungen: vz([true, true, true, true]),
      aufgabe_zur_post: '2017-05-02',
      bundesland: 'Hessen',
    });
    expect(r).toMatchObject({
      bekanntgabe: '2017-05-05',
      angerechnet: '2000.00',
      unterschied: '500.00',
      sofort: { betrag: '0.00', faellig_am: null },
      rest: { betrag: '500.00', faellig_am: '2017-06-06' }, // 5 Jun 2017 is Whit Monday
      rechtsbehelfsfrist_bis: '2017-06-06',
    });
  });

  it('due but unpaid prepayments are due at once, the rest after a month', () => {
    const r = computeAbschlusszahlung({
      steuer: '2500.00',
      vorauszahlungen: vz([true, true, false, false]),
      aufgabe_zur_post: '2017-05-02',
      bundesland: 'Hessen',
    });
    expect(r).toMatchObject({
      soll_vorauszahlungen: '2000.00',
      abrechnung: '500.00',
      angerechnet: '1000.00',
      faellig_nicht_bezahlt: '1000.00',
      unterschied: '1500.00',
      sofort: { betrag: '1000.00', faellig_am: '2017-05-05' },
      rest: { betrag: '500.00', faellig_am: '2017-06-06' },
      erstattung: '0.00',
    });
  });

  it('tax below the unpaid prepayments: only the difference is due at once', () => {
    const r = computeAbschlusszahlung({
      steuer: '1700.00',
      vorauszahlungen: vz([true, true, false, false]),
      aufgabe_zur_post: '2017-05-02',
      bundesland: 'Hessen',
    });
    expect(r).toMatchObject({
      abrechnung: '-300.00',
      unterschied: '700.00',
      sofort: { betrag: '700.00', faellig_am: '2017-05-05' },
      rest: { betrag: '0.00', faellig_am: null },
      erstattung: '0.00',
    });
  });

  it('a negative difference is a refund', () => {
    const r = computeAbschlusszahlung({
      steuer: '1200.00',
      vorauszahlungen: vz([true, true, true, true]),
      aufgabe_zur_post: '2025-06-02',
      bundesland: 'Berlin',
    });
    expect(r).toMatchObject({
      bekanntgabe: '2025-06-06',
      unterschied: '-800.00',
      erstattung: '800.00',
      sofort: { betrag: '0.00', faellig_am: null },
      rest: { betrag: '0.00', faellig_am: null },
      rechtsbehelfsfrist_bis: '2025-07-07', // 6 Jul 2025 is a Sunday
    });
  });

  it('adds the month to month ends: Bekanntgabe 31 Jan → 28 Feb', () => {
    const r = computeAbschlusszahlung({
      steuer: '100.00',
      vorauszahlungen: [],
      aufgabe_zur_post: '2023-01-27', // Fri + 3 = Mon 30 Jan
      bundesland: 'Hamburg',
    });
    expect(r.bekanntgabe).toBe('2023-01-30');
    expect(r.rest.faellig_am).toBe('2023-02-28');
    const r2 = computeAbschlusszahlung({
      steuer: '100.00',
      vorauszahlungen: [],
      aufgabe_zur_post: '2023-01-28',
      bundesland: 'Hamburg',
    });
    expect(r2.bekanntgabe).toBe('2023-01-31');
    expect(r2.rest.faellig_am).toBe('2023-02-28');
  });

  it('reports bad prepayment lines by path', () => {
    try {
      computeAbschlusszahlung({
        steuer: '100',
        vorauszahlungen: [{ quartal: 1, betrag: '1,00', faellig_am: '2026-02-30', bezahlt: true }],
        aufgabe_zur_post: '2026-03-01',
        bundesland: 'Hessen',
      });
      expect.unreachable();
    } catch (e) {
      expect(Object.keys((e as DomainValidationError).errors).sort()).toEqual([
        'vorauszahlungen.0.betrag',
        'vorauszahlungen.0.faellig_am',
      ]);
    }
  });
});
