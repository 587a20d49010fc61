import { describe, expect, it } from 'vitest';
import { reportFileName } from './fileName';

describe('reportFileName', () => {
  const night = new Date('2026-11-24T23:30:00Z'); // 00:30 on 25 November in Germany

  it('names report, company and the German day', () => {
    expect(reportFileName('expense', 'Nordlicht Energie GmbH', { company_id: 1 }, 'xlsx', night)).toBe(
      'Steueraufwand_Nordlicht Energie GmbH_2026-11-25.xlsx',
    );
  });

  it('carries the year range, the year end and the municipality', () => {
    expect(
      reportFileName('interest', 'A', { year_from: 2022, year_to: 2026, ags: '02000000' }, 'pdf', night),
    ).toBe('Zinsen_A_2022-2026_02000000_2026-11-25.pdf');
    expect(reportFileName('expense', 'A', { year_from: 2024, year_to: 2024 }, 'pdf', night)).toBe(
      'Steueraufwand_A_2024_2026-11-25.pdf',
    );
    expect(reportFileName('provision', 'A', { year: 2025 }, 'xlsx', night)).toBe(
      'Rückstellung_A_2025_2026-11-25.xlsx',
    );
    expect(reportFileName('cashplan', 'A', { from: '2027-01' }, 'xlsx', night)).toBe(
      'Liquiditätsplan_A_2027-01_2026-11-25.xlsx',
    );
  });

  it('replaces characters a file system refuses', () => {
    expect(reportFileName('reconciliation', 'Süd/hang: "X" GmbH', {}, 'xlsx', night)).toBe(
      'Abstimmung_Süd_hang_ _X_ GmbH_2026-11-25.xlsx',
    );
  });
});
