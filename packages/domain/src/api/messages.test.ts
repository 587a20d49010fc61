import { describe, expect, it } from 'vitest';
import { hebesatzProblem, HEBESATZ_MAX, municipalityDisplayName } from './municipalities';

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

describe('municipalityDisplayName — establishment names in full (issue 11, point 10)', () => {
  it('writes the reference data abbreviations out in front of the name', () => {
    expect(municipalityDisplayName('Mindelheim, St')).toBe('Stadt Mindelheim');
    expect(municipalityDisplayName('Egloffstein, M')).toBe('Markt Egloffstein');
    expect(municipalityDisplayName('Erding, GKSt')).toBe('Große Kreisstadt Erding');
    expect(municipalityDisplayName('Flensburg, Stadt')).toBe('Stadt Flensburg');
    expect(municipalityDisplayName('Kiel, Landeshauptstadt')).toBe('Landeshauptstadt Kiel');
    expect(municipalityDisplayName('Heringsdorf, Ostseebad')).toBe('Heringsdorf, Ostseebad');
    expect(municipalityDisplayName('München')).toBe('München');
    expect(municipalityDisplayName(null)).toBe('');
  });
});
