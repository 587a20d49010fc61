import { describe, expect, it } from 'vitest';
import { DomainValidationError } from './errors';
import { computeMessbetrag, computeSteuer, freibetragFuer } from './messbetrag';

describe('computeMessbetrag (§11 GewStG)', () => {
  it('worked example 1: natural person, 68,250.00 at 400 % → MB 1,529, tax 6,116.00', () => {
    expect(
      computeMessbetrag({ gewerbeertrag: '68250.00', rechtsform: 'einzelunternehmen', hebesatz: 400 }),
    ).toEqual({
      gewerbeertrag_gerundet: '68200.00',
      freibetrag: '24500.00',
      messbetrag: '1529.00',
      steuer: '6116.00',
    });
  });

  it('worked example 2: corporation, 13,865 → 13,800 → MB 483.00, no Freibetrag', () => {
    expect(computeMessbetrag({ gewerbeertrag: '13865', rechtsform: 'kapitalgesellschaft' })).toEqual({
      gewerbeertrag_gerundet: '13800.00',
      freibetrag: '0.00',
      messbetrag: '483.00',
    });
  });

  it('worked example 2: court-record taxes MB × Hebesatz', () => {
    expect(computeSteuer('2184', 470)).toBe('10264.80');
    expect(computeSteuer('532', 380)).toBe('2021.60');
  });

  it('partnerships get 24,500, other legal persons 5,000, corporations nothing', () => {
    expect(freibetragFuer('personengesellschaft')).toBe(24_500);
    expect(freibetragFuer('einzelunternehmen')).toBe(24_500);
    expect(freibetragFuer('sonstige')).toBe(5_000);
    expect(freibetragFuer('kapitalgesellschaft')).toBe(0);
    const r = computeMessbetrag({ gewerbeertrag: '100000', rechtsform: 'sonstige' });
    expect(r).toMatchObject({ freibetrag: '5000.00', messbetrag: '3325.00' });
  });

  it('caps the Freibetrag at the rounded Gewerbeertrag', () => {
    expect(computeMessbetrag({ gewerbeertrag: '20099.99', rechtsform: 'personengesellschaft' })).toEqual({
      gewerbeertrag_gerundet: '20000.00',
      freibetrag: '20000.00',
      messbetrag: '0.00',
    });
  });

  it('treats a negative Gewerbeertrag as zero', () => {
    expect(
      computeMessbetrag({ gewerbeertrag: '-5000.00', rechtsform: 'kapitalgesellschaft', hebesatz: 400 }),
    ).toEqual({ gewerbeertrag_gerundet: '0.00', freibetrag: '0.00', messbetrag: '0.00', steuer: '0.00' });
  });

  it('rounds the MB down to full euro and keeps the tax exact to the cent', () => {
    // 24,500 + 100 → 100 × 3.5 % = 3.50 → MB 3
    expect(
      computeMessbetrag({ gewerbeertrag: '24600', rechtsform: 'einzelunternehmen', hebesatz: 435 }),
    ).toEqual({
      gewerbeertrag_gerundet: '24600.00',
      freibetrag: '24500.00',
      messbetrag: '3.00',
      steuer: '13.05',
    });
    // 99.99 over a full hundred never counts
    expect(
      computeMessbetrag({ gewerbeertrag: '10099.99', rechtsform: 'kapitalgesellschaft' }).messbetrag,
    ).toBe('350.00');
  });

  it('rejects a Hebesatz below 200 with a German message on the field', () => {
    try {
      computeMessbetrag({ gewerbeertrag: '1000', rechtsform: 'kapitalgesellschaft', hebesatz: 199 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainValidationError);
      expect((e as DomainValidationError).errors.hebesatz?.[0]).toMatch(/mindestens 200/);
    }
    expect(
      computeMessbetrag({ gewerbeertrag: '1000', rechtsform: 'kapitalgesellschaft', hebesatz: 200 }).steuer,
    ).toBe('70.00');
  });

  it('reports malformed money and unknown legal forms per field', () => {
    try {
      computeMessbetrag({ gewerbeertrag: '1.234,56', rechtsform: 'gmbh' as never });
      expect.unreachable();
    } catch (e) {
      const errors = (e as DomainValidationError).errors;
      expect(Object.keys(errors).sort()).toEqual(['gewerbeertrag', 'rechtsform']);
    }
  });
});
