import { readFileSync } from 'node:fs';
import { FRONLEICHNAM_AGS, FRONLEICHNAM_SACHSEN, FRONLEICHNAM_THUERINGEN } from '@gewst/domain';
import { describe, expect, it } from 'vitest';

/** The shipped municipality reference data (Gebietsstand 31.08.2025): AGS → name. */
const REFERENCE = new Map(
  readFileSync(new URL('../reference-data/gemeinden.csv', import.meta.url), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const m = /^(\d{8}),("([^"]*)"|[^,]*)/.exec(line)!;
      return [m[1]!, m[3] ?? m[2]!] as const;
    }),
);

describe('the domain’s Fronleichnam municipalities (Sachsen, Thüringen) against the reference data', () => {
  it('every AGS is a municipality of the reference data with that name, in SN or TH, listed once', () => {
    for (const g of [...FRONLEICHNAM_SACHSEN, ...FRONLEICHNAM_THUERINGEN]) {
      expect(REFERENCE.has(g.ags), g.ags).toBe(true);
      if (g.name) expect(REFERENCE.get(g.ags), g.ags).toContain(g.name);
      expect(['14', '16']).toContain(g.ags.slice(0, 2));
    }
    expect(new Set(FRONLEICHNAM_AGS).size).toBe(FRONLEICHNAM_AGS.length);
  });

  it('Landkreis Eichsfeld entirely: every 16061… municipality of the reference data, nothing else', () => {
    const eichsfeld = [...REFERENCE.keys()].filter((ags) => ags.startsWith('16061'));
    expect(eichsfeld.length).toBe(56);
    expect(FRONLEICHNAM_AGS.filter((ags) => ags.startsWith('16061')).sort()).toEqual(eichsfeld.sort());
  });
});
