/**
 * Derives the extraction engine's municipality index from the reference data shipped with the
 * server (apps/server/reference-data/gemeinden.csv; Destatis GV100AD dl-de/by-2-0, PLZ © OSM ODbL):
 *   node --import tsx bench/notices/build-municipality-index.ts
 * Writes packages/extraction/reference-data/gemeinden.tsv: ags, name (without the suffix),
 * suffix ("Stadt", "Landeshauptstadt", …), postcodes and the latest published Gewerbesteuer-
 * Hebesatz (hebesaetze.csv; tells namesakes with one postcode apart). A test keeps them in step.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function buildIndex(csv: string, hebesaetze = ''): string {
  // The latest year's Hebesatz per AGS.
  const rate = new Map<string, { year: number; rate: string }>();
  for (const line of hebesaetze.split(/\r?\n/).slice(1)) {
    const [ags = '', year = '', r = ''] = line.split(',');
    if (!/^\d{8}$/.test(ags) || !r) continue;
    if ((rate.get(ags)?.year ?? 0) <= Number(year)) rate.set(ags, { year: Number(year), rate: r.trim() });
  }
  const out = [hebesaetze ? 'ags\tname\tsuffix\tplz\thebesatz' : 'ags\tname\tsuffix\tplz'];
  for (const line of csv.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    const m = /^(\d{8}),(?:"([^"]*)"|([^,]*)),[^,]*,(.*)$/.exec(line);
    if (!m) continue;
    const full = m[2] ?? m[3] ?? '';
    const [name = full, ...rest] = full.split(/,\s*/);
    const row = [m[1]!, name, rest.join(', '), m[4] ?? ''];
    if (hebesaetze) row.push(rate.get(m[1]!)?.rate ?? '');
    out.push(row.join('\t'));
  }
  return `${out.join('\n')}\n`;
}

if (process.argv[1]?.endsWith('build-municipality-index.ts')) {
  const root = path.resolve(import.meta.dirname, '../..');
  const csv = readFileSync(path.join(root, 'apps/server/reference-data/gemeinden.csv'), 'utf8');
  const rates = readFileSync(path.join(root, 'apps/server/reference-data/hebesaetze.csv'), 'utf8');
  writeFileSync(path.join(root, 'packages/extraction/reference-data/gemeinden.tsv'), buildIndex(csv, rates));
}
