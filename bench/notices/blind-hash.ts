/**
 * One SHA-256 over the text PDFs and truths of a blind part, to check that a generator change
 * leaves the blind parts byte for byte as they were. Prints the hash only (nothing of a file).
 *   node --import tsx bench/notices/blind-hash.ts [--parts blind,blind2,blind3,blind4,blind5,blind6,blind7,blind8] [--count 2] [--seed 1]
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePooledCorpus } from './generate.js';
import type { Part } from './pools.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const parts = (arg('parts') ?? 'blind,blind2,blind3,blind4,blind5,blind6,blind7,blind8').split(',') as Part[];
const count = Number(arg('count') ?? 2);
const seed = Number(arg('seed') ?? 1);
const out = mkdtempSync(path.join(os.tmpdir(), 'blind-hash-'));
try {
  for (const part of parts) {
    const h = createHash('sha256');
    const corpus = await generatePooledCorpus({ out, part, count, seed, scanEvery: 0 });
    for (const e of corpus) h.update(readFileSync(e.text)).update(readFileSync(e.truth));
    console.log(
      `${part} (--count ${count} --seed ${seed}, ${corpus.length} text PDFs + truths): ${h.digest('hex')}`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
