/** npm run -s extract -- <file.pdf> [--no-ocr] [--pages] : prints the extraction as JSON. */
import { readFile } from 'node:fs/promises';
import { PdfError } from './errors.js';
import { processText } from './process.js';
import { createSandbox, SandboxError } from './sandbox.js';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  process.stderr.write('Aufruf: npm run -s extract -- <datei.pdf> [--no-ocr]\n');
  process.exit(2);
}
// The file is read in the same sandbox (memory, time and page limits) as on the server.
const sandbox = createSandbox();
try {
  const bytes = await readFile(file);
  const text = await sandbox.extractText(new Uint8Array(bytes), { ocr: !args.includes('--no-ocr') });
  const result = processText(text);
  const out: Record<string, unknown> = { type: result.type, fields: result.fields };
  if (args.includes('--pages')) Object.assign(out, { ocrPages: result.ocrPages, pages: result.pages });
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
} catch (err) {
  const msg =
    err instanceof PdfError || err instanceof SandboxError
      ? `${err.name}: ${err.message}`
      : `Fehler: ${(err as Error)?.message ?? String(err)}`;
  process.stderr.write(`${msg}\n`);
  process.exitCode = err instanceof PdfError || err instanceof SandboxError ? 3 : 1;
} finally {
  await sandbox.close();
}
