import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeflate } from 'node:zlib';

/**
 * Hostile PDFs, written by hand so that every byte is known (issue 10): each one attacks a
 * part of PDF processing (parser, page tree, content streams, images, decompression, OCR
 * rendering). Plus the broken files of pdf.js's corpus in fixtures/broken-pdfs (see its README).
 */

/** A PDF from object bodies (object n = bodies[n-1]); catalog is object 1; correct xref. */
export function rawPdf(bodies: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  bodies.forEach((body, i) => {
    offsets.push(size);
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(obj);
    size += obj.length;
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

export const stream = (dict: string, data: Buffer | string) => {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
};

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const TEXT = 'BT /F1 12 Tf 72 720 Td (Gewerbesteuerbescheid 2024 Stadt Musterstadt) Tj ET';

/** One page (object 3) with the given content (object 4) and resources. */
function onePage(content: Buffer | string, opts: { resources?: string; mediaBox?: string } = {}) {
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${opts.mediaBox ?? '[0 0 595 842]'} /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ${opts.resources ?? ''} >> >>`,
    typeof content === 'string' ? stream('', content) : content,
    FONT,
  ];
}

/** Deflated run of `mb` megabytes of one byte value, compressed as a stream (never all in memory). */
export async function inflatingTo(mb: number, byte = 0x20): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((r) => deflate.on('end', r));
  const chunk = Buffer.alloc(1024 * 1024, byte);
  for (let i = 0; i < mb; i++) {
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** 120,000 nested graphics states around the text (reading it takes far longer than any limit). */
export const nestedGraphicsStates = () =>
  rawPdf(onePage(`${'q '.repeat(120_000)}${TEXT}${' Q'.repeat(120_000)}`));

export async function hostilePdfs(): Promise<{ name: string; content: Buffer }[]> {
  const bomb = await inflatingTo(400);
  const pages2000 = Array.from({ length: 2000 }, (_, i) => `${i + 4} 0 R`).join(' ');
  return [
    {
      // A form XObject that draws itself: the operator list never ends.
      name: 'content-stream-cycle.pdf',
      content: rawPdf([
        ...onePage('q /X0 Do Q', { resources: '/XObject << /X0 6 0 R >>' }),
        stream(
          '/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /XObject << /X0 6 0 R >> >>',
          `${TEXT} q 0.99 0 0 0.99 1 1 cm /X0 Do Q`,
        ),
      ]),
    },
    {
      // 200,000 nested arrays in a content stream.
      name: 'deep-nesting.pdf',
      content: rawPdf(onePage(`${'['.repeat(200_000)}${']'.repeat(200_000)} ${TEXT}`)),
    },
    { name: 'nested-graphics-states.pdf', content: nestedGraphicsStates() },
    {
      // One 20000 × 20000 grey image (400 MB decoded) on an otherwise empty page.
      name: 'image-20000x20000.pdf',
      content: rawPdf([
        ...onePage('q 500 0 0 700 50 70 cm /Im0 Do Q', { resources: '/XObject << /Im0 6 0 R >>' }),
        stream(
          '/Type /XObject /Subtype /Image /Width 20000 /Height 20000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
          bomb,
        ),
      ]),
    },
    {
      // A content stream of 400 MB (blanks) in 400 KB.
      name: 'inflates-to-400mb.pdf',
      content: rawPdf(onePage(stream('/Filter /FlateDecode', bomb))),
    },
    {
      name: 'pages-2000.pdf',
      content: rawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        `<< /Type /Pages /Kids [${pages2000}] /Count 2000 >>`,
        stream('', TEXT),
        ...Array.from(
          { length: 2000 },
          () =>
            '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R /Resources << /Font << /F1 2004 0 R >> >> >>',
        ),
        FONT,
      ]),
    },
    {
      // The page tree's only kid is the tree itself.
      name: 'page-tree-loop.pdf',
      content: rawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
        '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
      ]),
    },
    {
      // A page of 1,000,000 × 1,000,000 points without a text layer (rendered for OCR).
      name: 'huge-media-box.pdf',
      content: rawPdf(onePage('0 0 0 rg 10 10 100 100 re f', { mediaBox: '[0 0 1000000 1000000]' })),
    },
  ];
}

const BROKEN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'broken-pdfs');

/** The broken PDFs of pdf.js's test corpus, copied with their provenance (README.md there). */
export function brokenPdfs(): { name: string; content: Buffer }[] {
  return readdirSync(BROKEN_DIR)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((name) => ({ name, content: readFileSync(path.join(BROKEN_DIR, name)) }));
}
