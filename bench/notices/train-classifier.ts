/**
 * Trains the notice classifier of packages/extraction on the generated DEVELOPMENT corpus
 * only (the four development parts dev, dev2, dev3, dev4 — one author each, every part weighing
 * the same — and the eight classic layouts; never a blind part) and writes
 * packages/extraction/src/classifier-model.json.
 *   npm run train:classifier [-- --count N] [-- --cache /tmp/texts.json]
 * See classifier-training.ts (shared with the leave-one-part/family-out measure, classifier-lofo.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { trainingTexts, trainModel } from './classifier-training.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const count = Number(arg('count') ?? 10);

const started = Date.now();
const texts = await trainingTexts(count, { cache: arg('cache') });
console.error(`${texts.length} training texts in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const model = trainModel(texts, { log: (l) => console.error(l) });
const file =
  arg('out') ?? path.resolve(import.meta.dirname, '../../packages/extraction/src/classifier-model.json');
writeFileSync(file, `${JSON.stringify(model)}\n`);
console.error(
  `${Object.keys(model.weights).length} features written to ${file} (${((Date.now() - started) / 1000).toFixed(0)} s in all)`,
);
