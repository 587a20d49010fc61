/** npm run -s extract -- <file.pdf> [--no-ocr] [--pages] : prints the extraction as JSON. */
import { readFile } from 'node:fs/promises';
import { PdfError } from './errors.js';
import { processPdf } from './process.js';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  process.stderr.write('Aufruf: npm run -s extract -- <datei.pdf> [--no-ocr]\n');
  process.exit(2);
}
try {
  const bytes = await readFile(file);
  const result = await processPdf(new Uint8Array(bytes), args.includes('--no-ocr') ? { ocr: false } : {});
  const out: Record<string, unknown> = { type: result.type, fields: result.fields };
  if (args.includes('--pages')) Object.assign(out, { ocrPages: result.ocrPages, pages: result.pages });
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
} catch (err) {
  const msg =
    err instanceof PdfError
      ? `${err.name}: ${err.message}`
      : `Fehler: ${(err as Error)?.message ?? String(err)}`;
  process.stderr.write(`${msg}\n`);
  process.exit(err instanceof PdfError ? 3 : 1);
}
