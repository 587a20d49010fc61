import { describe, expect, it } from 'vitest';
import { costCentresFormOf, costCentresValueOf, EMPTY_RULE } from './costCentresForm';

describe('cost-centre form', () => {
  it('round-trips a stored value; empty fields are "any" / "not set"', () => {
    const stored = {
      default_kost1: 'GEWST',
      default_kost2: null,
      rules: [{ purpose: 'zinsen' as const, ags: null, master_data_id: 12, kost1: null, kost2: 'ZINS' }],
    };
    expect(costCentresValueOf(costCentresFormOf(stored))).toEqual(stored);
    expect(
      costCentresValueOf({
        default_kost1: ' ',
        default_kost2: '',
        rules: [{ ...EMPTY_RULE, ags: '05315000' }],
      }),
    ).toEqual({
      default_kost1: null,
      default_kost2: null,
      rules: [{ purpose: null, ags: '05315000', master_data_id: null, kost1: null, kost2: null }],
    });
  });
});
