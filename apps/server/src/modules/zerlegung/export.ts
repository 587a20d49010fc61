import { formatMoneyDe } from '@gewst/domain';
import type { ZerlegungDetail } from '@gewst/domain';
import ExcelJS from 'exceljs';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

const SCHLUESSEL_LABEL: Record<ZerlegungDetail['result']['schluessel'], string> = {
  arbeitslohn: 'Arbeitslohn (§ 29 Abs. 1 Nr. 1 GewStG)',
  wind_solar: 'Wind- und Solaranlagen (§ 29 Abs. 1 Nr. 2 GewStG)',
  speicher: 'Energiespeicher (§ 29 Abs. 1 Nr. 3 GewStG)',
  manuell: 'Vereinbarter Maßstab (§ 33 GewStG)',
};

const money = (s: string | null) => (s == null ? '–' : formatMoneyDe(s));
const percent = (quote: string) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(Number(quote) * 100)} %`;
const dateDe = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

export interface ExportLine {
  name: string;
  ags: string;
  gl: boolean;
  loehne: string;
  quote: string;
  anteil: string;
  hebesatz: number | null;
  steuer: string | null;
  hinweis: string;
}

/** Result lines with the display name of their first input line. */
export function exportLines(detail: ZerlegungDetail, names: Map<string, string>): ExportLine[] {
  return detail.result.zeilen.map((z) => {
    const first = detail.zeilen[z.quellzeilen[0] ?? -1];
    return {
      name: first?.name ?? names.get(z.ags) ?? '',
      ags: z.ags,
      gl: z.geschaeftsleitung,
      loehne: z.arbeitsloehne_gerundet,
      quote: z.quote,
      anteil: z.anteil,
      hebesatz: z.hebesatz,
      steuer: z.steuer,
      hinweis: z.kleinbetrag_umgelegt ? 'Kleinbetrag (§ 34) an Geschäftsleitung' : '',
    };
  });
}

export function exportFileName(detail: ZerlegungDetail, ext: 'xlsx' | 'pdf'): string {
  return `Zerlegung-${detail.company_name}-${detail.year}-v${detail.version}.${ext}`;
}

export async function zerlegungXlsx(
  detail: ZerlegungDetail,
  lines: ExportLine[],
  today: string,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'GewSt Desk';
  const ws = wb.addWorksheet('Zerlegung');
  ws.addRow(['GewSt-Zerlegung']).font = { bold: true, size: 14 };
  ws.addRow(['Firma', detail.company_name]);
  ws.addRow(['Erhebungszeitraum', detail.year]);
  ws.addRow(['Maßstab', SCHLUESSEL_LABEL[detail.result.schluessel]]);
  ws.addRow(['Messbetrag', Number(detail.result.messbetrag)]).getCell(2).numFmt = '#,##0.00 "€"';
  ws.addRow(['Version', detail.version]);
  ws.addRow(['Stand', dateDe(today)]);
  ws.addRow([]);
  const header = ws.addRow([
    'Gemeinde',
    'AGS',
    'Geschäftsleitung',
    'Arbeitslöhne (gerundet)',
    'Quote',
    'Zerlegungsanteil',
    'Hebesatz %',
    'Erwartete Steuer',
    'Hinweis',
  ]);
  header.font = { bold: true };
  for (const l of lines) {
    const row = ws.addRow([
      l.name,
      l.ags,
      l.gl ? 'ja' : '',
      Number(l.loehne),
      Number(l.quote),
      Number(l.anteil),
      l.hebesatz,
      l.steuer == null ? null : Number(l.steuer),
      l.hinweis,
    ]);
    row.getCell(4).numFmt = '#,##0.00 "€"';
    row.getCell(5).numFmt = '0.0000%';
    row.getCell(6).numFmt = '#,##0.00 "€"';
    row.getCell(8).numFmt = '#,##0.00 "€"';
  }
  const sum = ws.addRow([
    'Summe',
    '',
    '',
    null,
    null,
    Number(detail.result.summe.anteil),
    null,
    detail.result.summe.steuer == null ? null : Number(detail.result.summe.steuer),
    '',
  ]);
  sum.font = { bold: true };
  sum.getCell(6).numFmt = '#,##0.00 "€"';
  sum.getCell(8).numFmt = '#,##0.00 "€"';
  for (const h of detail.result.hinweise) ws.addRow([h]);
  ws.columns.forEach((c, i) => {
    c.width = [34, 11, 16, 22, 12, 18, 12, 18, 36][i] ?? 14;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A printable statement: company, year, key, table, sums, date. A4 landscape, paginated. */
export async function zerlegungPdf(
  detail: ZerlegungDetail,
  lines: ExportLine[],
  today: string,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`GewSt-Zerlegung ${detail.company_name} ${detail.year}`);
  pdf.setCreator('GewSt Desk');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [W, H] = [842, 595];
  const margin = 40;
  const cols = [
    { title: 'Gemeinde', x: 40, w: 200, right: false },
    { title: 'AGS', x: 245, w: 60, right: false },
    { title: 'GL', x: 310, w: 20, right: false },
    { title: 'Löhne (gerundet)', x: 335, w: 95, right: true },
    { title: 'Quote', x: 435, w: 65, right: true },
    { title: 'Anteil', x: 505, w: 80, right: true },
    { title: 'Hebesatz', x: 590, w: 50, right: true },
    { title: 'Steuer', x: 645, w: 85, right: true },
    { title: 'Hinweis', x: 740, w: 62, right: false },
  ];
  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - margin;
  const encodable = new Set(font.getCharacterSet());
  // Standard fonts speak WinAnsi; anything else (rare letters in municipality names) becomes '?'.
  const safe = (s: string) => [...s].map((ch) => (encodable.has(ch.codePointAt(0)!) ? ch : '?')).join('');
  const text = (p: PDFPage, s: string, x: number, yy: number, f: PDFFont, size = 9, right = false, w = 0) => {
    let t = safe(s);
    while (t.length > 1 && f.widthOfTextAtSize(t, size) > (w || 1000)) t = t.slice(0, -1);
    const dx = right ? w - f.widthOfTextAtSize(t, size) : 0;
    p.drawText(t, { x: x + dx, y: yy, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  const tableHeader = () => {
    for (const c of cols) text(page, c.title, c.x, y, bold, 9, c.right, c.w);
    y -= 4;
    page.drawLine({ start: { x: margin, y }, end: { x: W - margin, y }, thickness: 0.7 });
    y -= 12;
  };
  text(page, 'GewSt-Zerlegung', margin, y, bold, 16);
  y -= 22;
  for (const [k, v] of [
    ['Firma', detail.company_name],
    ['Erhebungszeitraum', String(detail.year)],
    ['Maßstab', SCHLUESSEL_LABEL[detail.result.schluessel]],
    ['Messbetrag', money(detail.result.messbetrag)],
    ['Version', `${detail.version} vom ${dateDe(detail.created_at)}`],
    ['Stand', dateDe(today)],
  ] as const) {
    text(page, `${k}:`, margin, y, bold, 10);
    text(page, v, margin + 110, y, font, 10);
    y -= 14;
  }
  y -= 10;
  tableHeader();
  for (const l of lines) {
    if (y < margin + 40) {
      page = pdf.addPage([W, H]);
      y = H - margin;
      tableHeader();
    }
    const values = [
      l.name,
      l.ags,
      l.gl ? 'ja' : '',
      money(l.loehne),
      percent(l.quote),
      money(l.anteil),
      l.hebesatz == null ? '–' : `${l.hebesatz} %`,
      money(l.steuer),
      l.hinweis ? '§ 34' : '',
    ];
    cols.forEach((c, i) => {
      text(page, values[i] ?? '', c.x, y, font, 9, c.right, c.w);
    });
    y -= 13;
  }
  page.drawLine({ start: { x: margin, y: y + 9 }, end: { x: W - margin, y: y + 9 }, thickness: 0.7 });
  y -= 4;
  text(page, 'Summe', cols[0]!.x, y, bold, 9);
  text(page, money(detail.result.summe.anteil), cols[5]!.x, y, bold, 9, true, cols[5]!.w);
  text(page, money(detail.result.summe.steuer), cols[7]!.x, y, bold, 9, true, cols[7]!.w);
  y -= 20;
  const notes = [
    ...detail.result.hinweise,
    ...(lines.some((l) => l.hinweis)
      ? ['§ 34: Anteile bis 10 € wurden der Gemeinde der Geschäftsleitung zugerechnet.']
      : []),
  ];
  for (const n of notes) {
    if (y < margin) {
      page = pdf.addPage([W, H]);
      y = H - margin;
    }
    text(page, n, margin, y, font, 8, false, W - 2 * margin);
    y -= 11;
  }
  return Buffer.from(await pdf.save());
}
