/**
 * Derives the extraction engine's municipality index from the reference data shipped with the
 * server (apps/server/reference-data/gemeinden.csv; Destatis GV100AD dl-de/by-2-0, PLZ © OSM ODbL):
 *   node --import tsx bench/notices/build-municipality-index.ts
 * Writes packages/extraction/reference-data/gemeinden.tsv: ags, name (without the suffix),
 * suffix ("Stadt", "Landeshauptstadt", …), postcodes. A test keeps the two in step.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function buildIndex(csv: string): string {
  const out = ['ags\tname\tsuffix\tplz'];
  for (const line of csv.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    const m = /^(\d{8}),(?:"([^"]*)"|([^,]*)),[^,]*,(.*)$/.exec(line);
    if (!m) continue;
    const full = m[2] ?? m[3] ?? '';
    const [name = full, ...rest] = full.split(/,\s*/);
    out.push([m[1], name, rest.join(', '), m[4] ?? ''].join('\t'));
  }
  return `${out.join('\n')}\n`;
}

if (process.argv[1]?.endsWith('build-municipality-index.ts')) {
  const root = path.resolve(import.meta.dirname, '../..');
  const csv = readFileSync(path.join(root, 'apps/server/reference-data/gemeinden.csv'), 'utf8');
  writeFileSync(path.join(root, 'packages/extraction/reference-data/gemeinden.tsv'), buildIndex(csv));
}
