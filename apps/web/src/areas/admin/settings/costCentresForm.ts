import type { CostCentrePurpose, CostCentreSettings } from '@gewst/domain';

/** One rule as typed: '' stands for "any" (criteria) or "not set" (KOST1/KOST2). */
export interface CostCentreRuleForm {
  purpose: CostCentrePurpose | '';
  ags: string;
  master_data_id: string;
  kost1: string;
  kost2: string;
}

export interface CostCentresForm {
  default_kost1: string;
  default_kost2: string;
  rules: CostCentreRuleForm[];
}

export const EMPTY_RULE: CostCentreRuleForm = {
  purpose: '',
  ags: '',
  master_data_id: '',
  kost1: '',
  kost2: '',
};

export const costCentresFormOf = (value: CostCentreSettings): CostCentresForm => ({
  default_kost1: value.default_kost1 ?? '',
  default_kost2: value.default_kost2 ?? '',
  rules: value.rules.map((r) => ({
    purpose: r.purpose ?? '',
    ags: r.ags ?? '',
    master_data_id: r.master_data_id === null ? '' : String(r.master_data_id),
    kost1: r.kost1 ?? '',
    kost2: r.kost2 ?? '',
  })),
});

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The value sent to the server, which checks it (field errors under `bookings.cost_centres.…`). */
export const costCentresValueOf = (form: CostCentresForm): CostCentreSettings => ({
  default_kost1: orNull(form.default_kost1),
  default_kost2: orNull(form.default_kost2),
  rules: form.rules.map((r) => ({
    purpose: r.purpose || null,
    ags: orNull(r.ags),
    master_data_id: r.master_data_id === '' ? null : Number(r.master_data_id),
    kost1: orNull(r.kost1),
    kost2: orNull(r.kost2),
  })),
});
