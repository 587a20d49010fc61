import { describe, expect, it } from 'vitest';
import { hebesatzProblem, HEBESATZ_MAX } from './municipalities';

describe('hebesatzProblem — the one Hebesatz rule of review field, server and client', () => {
  it('refuses negative, fractional and implausibly high values; accepts whole percentages', () => {
    expect(hebesatzProblem(-400)).toBe('Der Hebesatz darf nicht negativ sein.');
    expect(hebesatzProblem(-0.5)).toBe('Der Hebesatz darf nicht negativ sein.');
    expect(hebesatzProblem(412.5)).toMatch(/ganze Zahl/);
    expect(hebesatzProblem(HEBESATZ_MAX + 1)).toMatch(/höchstens/);
    expect(hebesatzProblem(Number.NaN)).toMatch(/Zahl in Prozent/);
    expect(hebesatzProblem(400)).toBeNull();
    expect(hebesatzProblem(150)).toBeNull(); // under the minimum: the document check flags it
  });
});
