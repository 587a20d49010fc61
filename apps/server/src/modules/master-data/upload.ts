import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { AppInstance } from '../../http/types';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Multipart only inside the importing routes' own scope (not for the whole API). */
export async function registerUploads(scope: AppInstance): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
}

export interface Upload {
  filename: string;
  kind: 'xlsx' | 'csv';
  buffer: Buffer;
  fields: Record<string, string>;
}

const unsupported = () =>
  new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Bitte eine Excel-Datei (.xlsx) oder CSV-Datei als multipart/form-data hochladen.',
  );

/** Reads the one uploaded file and the text fields; refuses anything but xlsx/csv. */
export async function readUpload(request: FastifyRequest, allowCsv: boolean): Promise<Upload> {
  if (!request.isMultipart()) throw unsupported();
  const fields: Record<string, string> = {};
  let file: { filename: string; buffer: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        file = { filename: part.filename, buffer };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `Die Datei ist größer als ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
      );
    throw new AppError(400, 'INVALID_UPLOAD', 'Die hochgeladene Datei konnte nicht gelesen werden.');
  }
  if (!file || file.buffer.length === 0)
    throw new AppError(400, 'VALIDATION_FAILED', 'Bitte eine Datei auswählen.', { file: ['Datei fehlt.'] });
  const isZip = file.buffer.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (isZip) return { filename: file.filename, kind: 'xlsx', buffer: file.buffer, fields };
  const looksLikeText = !file.buffer.subarray(0, 4096).includes(0);
  if (allowCsv && looksLikeText && /\.(csv|txt)$/i.test(file.filename))
    return { filename: file.filename, kind: 'csv', buffer: file.buffer, fields };
  throw unsupported();
}

/** The first worksheet (or the CSV) as rows of trimmed text cells. */
export async function readTable(upload: Upload): Promise<string[][]> {
  if (upload.kind === 'csv') {
    const { parseCsv } = await import('../municipalities/csv');
    return parseCsv(upload.buffer.toString('utf8')).map((r) => r.map((c) => c.trim()));
  }
  const workbook = await loadWorkbook(upload.buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value));
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

export async function loadWorkbook(buffer: Buffer) {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Die Datei ist keine lesbare Excel-Datei (.xlsx).');
  }
  return workbook;
}

/** Text of a cell as the user sees it: numbers plain, dates ISO, formulas by their result. */
export function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as {
      result?: unknown;
      text?: unknown;
      richText?: { text: string }[];
      hyperlink?: string;
    };
    if ('result' in v) return cellText(v.result);
    if (Array.isArray(v.richText))
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if (typeof v.text === 'string') return v.text.trim();
    return '';
  }
  return String(value).trim();
}
