import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COST_CENTRE_PURPOSES,
  type CostCentreRule,
  type CostCentreSettings,
  type CostCentreSubject,
  costCentrePurposeOf,
  costCentreSettingsSchema,
  DEFAULT_COST_CENTRES,
  resolveCostCentres,
  ruleMatches,
  ruleWeight,
} from './cost-centres';

const rule = (r: Partial<CostCentreRule>): CostCentreRule => ({
  purpose: null,
  ags: null,
  master_data_id: null,
  kost1: null,
  kost2: null,
  ...r,
});
const subject = (s: Partial<CostCentreSubject>): CostCentreSubject => ({
  purpose: 'vorauszahlung',
  ags: '05315000',
  master_data_id: 7,
  cost_center: null,
  ...s,
});
const messages = (value: unknown) => {
  const r = costCentreSettingsSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('cost-centre rules', () => {
  it('master record > most specific rule > default, per column', () => {
    const settings: CostCentreSettings = {
      default_kost1: 'GEWST',
      default_kost2: 'ALLG',
      rules: [
        rule({ purpose: 'zinsen', kost1: 'ZINS', kost2: 'Z2' }),
        rule({ ags: '05315000', kost1: 'KOELN' }),
        rule({ ags: '05315000', purpose: 'zinsen', kost1: 'KOELN-ZINS' }),
        rule({ master_data_id: 7, kost2: 'BS7' }),
      ],
    };
    // establishment rule (4) sets only KOST2; for KOST1 the municipality rule (2) is the most specific
    expect(resolveCostCentres(settings, subject({}))).toEqual({ kost1: 'KOELN', kost2: 'BS7' });
    expect(resolveCostCentres(settings, subject({ purpose: 'zinsen' }))).toEqual({
      kost1: 'KOELN-ZINS',
      kost2: 'BS7',
    });
    expect(
      resolveCostCentres(settings, subject({ purpose: 'zinsen', ags: '09162000', master_data_id: 8 })),
    ).toEqual({ kost1: 'ZINS', kost2: 'Z2' });
    expect(resolveCostCentres(settings, subject({ ags: '09162000', master_data_id: 8 }))).toEqual({
      kost1: 'GEWST',
      kost2: 'ALLG',
    });
    // the cost centre on the master record wins for KOST1
    expect(resolveCostCentres(settings, subject({ cost_center: ' 4711 ' }))).toEqual({
      kost1: '4711',
      kost2: 'BS7',
    });
    expect(resolveCostCentres(DEFAULT_COST_CENTRES, subject({}))).toEqual({ kost1: null, kost2: null });
  });

  it('between rules of the same weight the one higher in the list wins', () => {
    const settings = {
      ...DEFAULT_COST_CENTRES,
      rules: [
        rule({ purpose: 'vorauszahlung', kost1: 'ERST' }),
        rule({ purpose: 'vorauszahlung', kost1: 'ZWEIT' }),
      ],
    };
    expect(resolveCostCentres(settings, subject({})).kost1).toBe('ERST');
  });

  it('names the purpose of a planned booking', () => {
    expect(costCentrePurposeOf({ kind: 'vorauszahlung', purpose: 'expense' })).toBe('vorauszahlung');
    expect(costCentrePurposeOf({ kind: 'korrektur', purpose: 'expense' })).toBe('vorauszahlung');
    expect(costCentrePurposeOf({ kind: 'abschlusszahlung', purpose: 'prior_year' })).toBe('abschlusszahlung');
    expect(costCentrePurposeOf({ kind: 'erstattung', purpose: 'expense' })).toBe('abschlusszahlung');
    expect(costCentrePurposeOf({ kind: 'abschlusszahlung', purpose: 'provision' })).toBe('rueckstellung');
    expect(costCentrePurposeOf({ kind: 'aufloesung', purpose: 'provision' })).toBe('rueckstellung');
    expect(costCentrePurposeOf({ kind: 'erstattungszinsen', purpose: 'refund_interest' })).toBe('zinsen');
    expect(costCentrePurposeOf({ kind: 'saeumniszuschlag', purpose: 'surcharges' })).toBe('saeumniszuschlag');
  });

  it('validates to DATEV’s limits with German messages; empty text means none', () => {
    expect(messages(DEFAULT_COST_CENTRES)).toEqual([]);
    expect(costCentreSettingsSchema.parse({ default_kost1: ' ', default_kost2: null, rules: [] })).toEqual(
      DEFAULT_COST_CENTRES,
    );
    expect(messages({ default_kost1: 'x'.repeat(37), default_kost2: 'a"b', rules: [] })).toEqual([
      'default_kost1: KOST1: höchstens 36 Zeichen (DATEV).',
      'default_kost2: KOST2: keine Anführungszeichen und keine Steuerzeichen.',
    ]);
    expect(
      messages({
        default_kost1: null,
        default_kost2: null,
        rules: [rule({ kost1: 'A' }), rule({ purpose: 'zinsen' }), rule({ ags: '5315', kost2: 'B' })],
      }),
    ).toEqual([
      'rules.0.purpose: Eine Regel nennt mindestens einen Buchungszweck, eine Gemeinde oder eine Betriebsstätte.',
      'rules.1.kost1: Eine Regel setzt KOST1, KOST2 oder beide.',
      'rules.2.ags: Der Gemeindeschlüssel (AGS) hat 8 Ziffern.',
    ]);
    expect(
      messages({ ...DEFAULT_COST_CENTRES, rules: [{ ...rule({ purpose: 'x' as never, kost1: 'A' }) }] }),
    ).toEqual(['rules.0.purpose: Bitte einen Buchungszweck aus der Liste wählen.']);
  });
});

describe('cost-centre rules (property)', () => {
  const kost = fc.option(fc.stringMatching(/^[A-Z0-9-]{1,8}$/), { nil: null });
  const arbRule = fc
    .record({
      purpose: fc.option(fc.constantFrom(...COST_CENTRE_PURPOSES), { nil: null }),
      ags: fc.option(fc.constantFrom('05315000', '09162000'), { nil: null }),
      master_data_id: fc.option(fc.constantFrom(1, 2), { nil: null }),
      kost1: kost,
      kost2: kost,
    })
    .filter((r) => (r.purpose ?? r.ags ?? r.master_data_id) !== null && (r.kost1 ?? r.kost2) !== null);
  const arbSettings = fc.record({
    default_kost1: kost,
    default_kost2: kost,
    rules: fc.array(arbRule, { maxLength: 8 }),
  });
  const arbSubject = fc.record({
    purpose: fc.constantFrom(...COST_CENTRE_PURPOSES),
    ags: fc.constantFrom('05315000', '09162000'),
    master_data_id: fc.constantFrom(1, 2),
    cost_center: fc.option(fc.stringMatching(/^[A-Z0-9]{1,40}$/), { nil: null }),
  });

  it('picks, per column, the master value, else a matching rule of maximal weight (first of them), else the default', () => {
    fc.assert(
      fc.property(arbSettings, arbSubject, (settings, s) => {
        const got = resolveCostCentres(settings, s);
        for (const column of ['kost1', 'kost2'] as const) {
          const candidates = settings.rules.filter((r) => r[column] !== null && ruleMatches(r, s));
          const top = Math.max(-1, ...candidates.map(ruleWeight));
          const expected =
            column === 'kost1' && s.cost_center
              ? s.cost_center.slice(0, 36)
              : (candidates.find((r) => ruleWeight(r) === top)?.[column] ??
                (column === 'kost1' ? settings.default_kost1 : settings.default_kost2));
          expect(got[column]).toBe(expected);
          if (got[column] !== null) expect(got[column]!.length).toBeLessThanOrEqual(36);
        }
        // every generated setting is valid, and a rule set the subject does not match changes nothing
        expect(costCentreSettingsSchema.safeParse(settings).success).toBe(true);
        const unrelated = settings.rules.map((r) => ({ ...r, master_data_id: 99 }));
        expect(resolveCostCentres({ ...settings, rules: unrelated }, s)).toEqual(
          resolveCostCentres({ ...settings, rules: [] }, s),
        );
      }),
      { numRuns: 500 },
    );
  });
});
