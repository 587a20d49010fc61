import { describe, expect, it } from 'vitest';
import { DomainValidationError } from './errors';
import { computeSaeumniszuschlag, schonfristEnde } from './saeumnis';

const calc = (gezahlt_am: string, rueckstand = '2021.60', faellig_am = '2026-05-15') =>
  computeSaeumniszuschlag({ rueckstand, faellig_am, gezahlt_am });

describe('computeSaeumniszuschlag (§240 AO)', () => {
  it('nothing when paid on the due date or earlier', () => {
    expect(calc('2026-05-15')).toMatchObject({
      monate: 0,
      zuschlag: '0.00',
      verspaetung_tage: 0,
      schonfrist: false,
    });
    expect(calc('2026-05-01')).toMatchObject({ monate: 0, zuschlag: '0.00' });
  });

  it('nothing within the three-day Schonfrist', () => {
    expect(calc('2026-05-18')).toMatchObject({
      monate: 0,
      zuschlag: '0.00',
      verspaetung_tage: 3,
      schonfrist: true,
    });
  });

  it('1 % of the arrears rounded down to 50 € per started month, counted from the due date', () => {
    expect(calc('2026-05-19')).toMatchObject({
      basis: '2000.00',
      monate: 1,
      zuschlag: '20.00',
      schonfrist: false,
    });
    expect(calc('2026-06-15')).toMatchObject({ monate: 1, zuschlag: '20.00' });
    expect(calc('2026-06-16')).toMatchObject({ monate: 2, zuschlag: '40.00' });
    expect(calc('2026-11-16')).toMatchObject({ monate: 7, zuschlag: '140.00' });
  });

  it('handles month ends: due 31 Jan, first month of delay 1 Feb – 28 Feb', () => {
    expect(calc('2026-02-28', '1000', '2026-01-31')).toMatchObject({ monate: 1, zuschlag: '10.00' });
    expect(calc('2026-03-01', '1000', '2026-01-31')).toMatchObject({ monate: 2, zuschlag: '20.00' });
  });

  it('arrears below 50 € give no surcharge', () => {
    expect(calc('2026-09-01', '49.99')).toMatchObject({ basis: '0.00', zuschlag: '0.00', monate: 4 });
  });

  it('moves the end of the Schonfrist past weekends and holidays when a state is given', () => {
    // due Wed 13 May 2026: 13 + 3 = Sat 16 May → Mon 18 May
    const base = { rueckstand: '1000', faellig_am: '2026-05-13', gezahlt_am: '2026-05-18' };
    expect(computeSaeumniszuschlag(base)).toMatchObject({ monate: 1, zuschlag: '10.00' });
    expect(computeSaeumniszuschlag({ ...base, bundesland: 'Hessen' })).toMatchObject({
      schonfrist: true,
      zuschlag: '0.00',
    });
    expect(schonfristEnde('2026-05-13', 'Hessen')).toBe('2026-05-18');
    expect(schonfristEnde('2026-05-13')).toBe('2026-05-16');
  });

  it('rejects malformed input', () => {
    expect(() => calc('2026-02-30')).toThrow(DomainValidationError);
    expect(() => calc('2026-06-01', '-5.00')).toThrow(DomainValidationError);
  });
});
