import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, formatMoney } from '../tax/money';
import { type Chart, defaultAccountMapping, fiscalYearOf, presetAccounts } from './accounts';
import { type LineToBook, planBookings, reversalOf, signedAmount } from './plan';

const line = (over: Partial<LineToBook>): LineToBook => ({
  kind: 'vorauszahlung',
  year: 2026,
  quartal: null,
  amount: '1000.00',
  gemeinde: 'Köln, Stadt',
  kassenzeichen: '5.1020.123456.7',
  cost_center: '1010',
  ...over,
});

const brief = (chart: Chart, lines: LineToBook[], provisions: [number, string][] = []) => {
  const r = planBookings({
    lines,
    mapping: defaultAccountMapping(chart),
    bookingDate: '2026-05-20',
    provisions: new Map(provisions),
  });
  return {
    rows: r.drafts.map((d) => `${d.konto} ${d.sh} ${d.gegenkonto} ${d.amount}`),
    left: Object.fromEntries(r.provisions),
    drafts: r.drafts,
  };
};

describe('accounts per purpose, SKR03 and SKR04 (DOMAIN.md §5)', () => {
  it('current-year prepayment: expense an bank', () => {
    expect(brief('SKR03', [line({ quartal: 2 })]).rows).toEqual(['4320 S 1200 1000.00']);
    expect(brief('SKR04', [line({ quartal: 2 })]).rows).toEqual(['7610 S 1800 1000.00']);
  });

  it('reduced current-year prepayment: bank an expense', () => {
    expect(brief('SKR03', [line({ kind: 'korrektur', amount: '-250.00' })]).rows).toEqual([
      '4320 H 1200 250.00',
    ]);
  });

  it('interest and surcharges on their own accounts', () => {
    const lines = [
      line({ kind: 'nachzahlungszinsen', year: 2023, amount: '30.00' }),
      line({ kind: 'erstattungszinsen', year: 2023, amount: '-45.00' }),
      line({ kind: 'saeumniszuschlag', year: 2025, amount: '12.00' }),
    ];
    expect(brief('SKR03', lines).rows).toEqual([
      '2105 S 1200 30.00',
      '2657 H 1200 45.00',
      '2102 S 1200 12.00',
    ]);
    expect(brief('SKR04', lines).rows).toEqual([
      '7308 S 1800 30.00',
      '7105 H 1800 45.00',
      '7302 S 1800 12.00',
    ]);
  });

  it('prior year without a provision: prior-year account; a refund is a receivable', () => {
    const lines = [
      line({ kind: 'abschlusszahlung', year: 2024, amount: '800.00' }),
      line({ kind: 'erstattung', year: 2023, amount: '-300.00' }),
    ];
    expect(brief('SKR03', lines).rows).toEqual(['2281 S 1200 800.00', '2281 H 1540 300.00']);
    expect(brief('SKR04', lines).rows).toEqual(['7641 S 1800 800.00', '7641 H 1435 300.00']);
  });

  const assessment = (amount: string) => [line({ kind: 'abschlusszahlung', year: 2025, amount })];
  it('assessment above the provision: provision an bank + prior-year an bank', () => {
    const r = brief('SKR03', assessment('1500.00'), [[2025, '1000.00']]);
    expect(r.rows).toEqual(['0956 S 1200 1000.00', '2281 S 1200 500.00']);
    expect(r.left).toEqual({ 2025: '0.00' });
    expect(brief('SKR04', assessment('1500.00'), [[2025, '1000.00']]).rows).toEqual([
      '3035 S 1800 1000.00',
      '7641 S 1800 500.00',
    ]);
  });

  it('assessment equal to the provision: provision an bank only', () => {
    expect(brief('SKR03', assessment('1000.00'), [[2025, '1000.00']]).rows).toEqual(['0956 S 1200 1000.00']);
    expect(brief('SKR04', assessment('1000.00'), [[2025, '1000.00']]).rows).toEqual(['3035 S 1800 1000.00']);
  });

  it('assessment below the provision: provision an bank + provision an release', () => {
    const r = brief('SKR03', assessment('600.00'), [[2025, '1000.00']]);
    expect(r.rows).toEqual(['0956 S 1200 600.00', '0956 S 2283 400.00']);
    expect(r.drafts[1]).toMatchObject({
      kind: 'aufloesung',
      purpose: 'provision',
      counter_purpose: 'release',
    });
    expect(r.drafts[1]!.text).toBe('GewSt 2025 Köln Auflösung Rückstellung');
    expect(brief('SKR04', assessment('600.00'), [[2025, '1000.00']]).rows).toEqual([
      '3035 S 1800 600.00',
      '3035 S 7643 400.00',
    ]);
  });

  it('refund with a provision: receivable an prior-year, the whole provision released', () => {
    const r = brief(
      'SKR03',
      [line({ kind: 'erstattung', year: 2025, amount: '-200.00' })],
      [[2025, '1000.00']],
    );
    expect(r.rows).toEqual(['2281 H 1540 200.00', '0956 S 2283 1000.00']);
  });

  it('an assessment in two parts (due at once + one month later) consumes the provision in order, releases nothing', () => {
    const r = brief(
      'SKR03',
      [
        line({ kind: 'abschlusszahlung', year: 2025, amount: '700.00' }),
        line({ kind: 'abschlusszahlung', year: 2025, amount: '500.00' }),
      ],
      [[2025, '1000.00']],
    );
    expect(r.rows).toEqual(['0956 S 1200 700.00', '0956 S 1200 300.00', '2281 S 1200 200.00']);
  });

  it('texts, Belegfeld 1 and KOST1', () => {
    const [d] = brief('SKR03', [line({ quartal: 3 })]).drafts;
    expect(d).toMatchObject({
      text: 'GewSt 2026 Köln Vorauszahlung Q3',
      belegfeld1: '5-1020-123456-7',
      kost1: '1010',
      tax_year: 2026,
      quartal: 3,
    });
  });

  it('KOST1/KOST2 from the cost-centre rules: master record > most specific rule > default', () => {
    const costCentres = {
      default_kost1: 'GEWST',
      default_kost2: null,
      rules: [
        { purpose: 'zinsen' as const, ags: null, master_data_id: null, kost1: 'ZINS', kost2: 'Z' },
        { purpose: 'rueckstellung' as const, ags: null, master_data_id: null, kost1: null, kost2: 'RST' },
        { purpose: null, ags: '05315000', master_data_id: 9, kost1: 'BS9', kost2: null },
      ],
    };
    const at = { ags: '05315000', master_data_id: 9, cost_center: null };
    const { drafts } = planBookings({
      lines: [
        line({ ...at, kind: 'nachzahlungszinsen', year: 2023, amount: '30.00' }),
        line({ ...at, master_data_id: 8, kind: 'nachzahlungszinsen', year: 2023, amount: '20.00' }),
        line({ ...at, master_data_id: 8, quartal: 2 }),
        line({ ...at, cost_center: '1010', kind: 'abschlusszahlung', year: 2024, amount: '100.00' }),
      ],
      mapping: defaultAccountMapping('SKR03'),
      bookingDate: '2026-05-20',
      provisions: new Map([[2024, '500.00']]),
      costCentres,
    });
    expect(drafts.map((d) => [d.kind, d.purpose, d.kost1, d.kost2])).toEqual([
      ['nachzahlungszinsen', 'interest_expense', 'BS9', 'Z'],
      ['nachzahlungszinsen', 'interest_expense', 'ZINS', 'Z'],
      ['vorauszahlung', 'expense', 'GEWST', null],
      ['abschlusszahlung', 'provision', '1010', 'RST'],
      ['aufloesung', 'provision', '1010', 'RST'],
    ]);
    // without rules: the establishment's cost centre only, as before
    expect(brief('SKR03', [line({})]).drafts[0]).toMatchObject({ kost1: '1010', kost2: null });
  });

  it('a reversal mirrors the booking', () => {
    const [d] = brief('SKR03', [line({ quartal: 3 })]).drafts;
    const r = reversalOf(d!, 'Köln, Stadt');
    expect(r).toMatchObject({ konto: '4320', gegenkonto: '1200', sh: 'H', amount: '1000.00' });
    expect(r.text).toBe('GewSt 2026 Köln Storno Vorauszahlung Q3');
  });

  it('longer account length extends the preset with zeros', () => {
    expect(presetAccounts('SKR03', 6).expense).toBe('432000');
    expect(presetAccounts('SKR03', 6).provision).toBe('095600');
  });
});

describe('fiscal year', () => {
  it('calendar and shifted fiscal years', () => {
    expect(fiscalYearOf('2026-05-20', '01-01')).toBe(2026);
    expect(fiscalYearOf('2026-08-01', '07-01')).toBe(2027);
    expect(fiscalYearOf('2026-06-30', '07-01')).toBe(2026);
  });

  it('a 2026 line in a fiscal year ending 2027 is a prior-year line', () => {
    const r = planBookings({
      lines: [line({ kind: 'abschlusszahlung', amount: '10.00' })],
      mapping: { ...defaultAccountMapping('SKR03'), fiscal_year_start: '07-01' },
      bookingDate: '2026-08-01',
      provisions: new Map(),
    });
    expect(r.drafts.map((d) => d.konto)).toEqual(['2281']);
  });
});

describe('money is exact (property)', () => {
  const cents = fc.integer({ min: -5_000_000, max: 5_000_000 });
  const kinds = [
    'vorauszahlung',
    'korrektur',
    'abschlusszahlung',
    'erstattung',
    'nachzahlungszinsen',
  ] as const;
  it('bookings move exactly the lines’ money; provision used + released never exceeds it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...kinds), cents, fc.integer({ min: 2023, max: 2027 })), {
          maxLength: 12,
        }),
        fc.integer({ min: 0, max: 3_000_000 }),
        (spec, provisionCents) => {
          const lines = spec.map(([kind, c, year]) =>
            line({ kind, year, amount: formatMoney(new Dec(c).div(100)) }),
          );
          const provision = formatMoney(new Dec(provisionCents).div(100));
          const r = planBookings({
            lines,
            mapping: defaultAccountMapping('SKR04'),
            bookingDate: '2026-03-01',
            provisions: new Map([[2025, provision]]),
          });
          // Money side (bank/receivable): Soll on the tax side means money out.
          const moneySide = r.drafts
            .filter((d) => d.counter_purpose !== 'release')
            .reduce((s, d) => s.add(signedAmount(d)), new Dec(0));
          const total = lines.reduce((s, l) => s.add(l.amount), new Dec(0));
          expect(formatMoney(moneySide)).toBe(formatMoney(total));
          for (const d of r.drafts) {
            expect(d.amount).toMatch(/^\d+\.\d{2}$/);
            expect(new Dec(d.amount).gt(0)).toBe(true);
          }
          const used = r.drafts
            .filter((d) => d.purpose === 'provision')
            .reduce((s, d) => s.add(signedAmount(d)), new Dec(0));
          expect(used.lte(provision)).toBe(true);
          expect(new Dec(r.provisions.get(2025)!).add(used).eq(provision)).toBe(true);
        },
      ),
    );
  });
});
