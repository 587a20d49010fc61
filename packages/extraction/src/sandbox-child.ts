/**
 * The sandbox process (see sandbox.ts): reads PDFs on request from its parent over IPC.
 * Everything that parses, renders or recognises a hostile file runs here, never in the API.
 * Bundled as dist/sandbox-child.js next to the server; run with tsx from the sources.
 */
import { availableParallelism } from 'node:os';
import { PdfError } from './errors.js';
import { createOcrEngine, type OcrEngine } from './ocr.js';
import { extractText } from './process.js';
import type { SandboxReply, SandboxRequest } from './sandbox.js';

if (!process.send) {
  process.stderr.write('sandbox-child läuft nur als Kindprozess (child_process.fork).\n');
  process.exit(2);
}
const send = (reply: SandboxReply) => process.send!(reply);

let ocr: OcrEngine | null = null;
const workers = Math.max(1, Math.min(2, Number(process.env.SANDBOX_OCR_WORKERS) || availableParallelism()));

process.on('message', async (msg: SandboxRequest) => {
  const { id } = msg;
  try {
    const result = await extractText(msg.bytes, {
      ocr: msg.ocr ? (ocr ??= createOcrEngine({ workers })) : false,
      ...(msg.maxPages ? { maxPages: msg.maxPages } : {}),
      onProgress: (p) => send({ id, type: 'progress', progress: p }),
    });
    send({ id, type: 'done', result });
  } catch (err) {
    const e = err as Error & { code?: string };
    send({
      id,
      type: 'error',
      error: {
        pdf: err instanceof PdfError,
        code: err instanceof PdfError ? err.code : (e?.code ?? null),
        name: e?.name ?? 'Error',
        message: e?.message ?? String(err),
        cause: err instanceof PdfError ? String((err.cause as Error)?.message ?? '') : '',
      },
    });
  }
});
// Modules are loaded: the file's time limit starts now, not while this process was starting.
send({ id: 0, type: 'ready' });
// The parent went away (crashed or killed): nothing is left running.
process.on('disconnect', () => process.exit(0));
