/** Sets a letter in a PDF with pdf-lib and the standard fonts (WinAnsi). */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Block, Letter } from './content.js';
import type { Layout } from './layouts.js';

const A4: [number, number] = [595.28, 841.89];
const FONTS = {
  Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const;

export async function renderLetter(
  letter: Letter,
  l: Pick<Layout, 'font' | 'size' | 'letterhead' | 'kv'>,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(letter.blocks.find((b) => b.k === 'title')?.k === 'title' ? 'Bescheid' : 'Schreiben');
  doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  const [regName, boldName] = FONTS[l.font];
  const reg = await doc.embedFont(regName);
  const bold = await doc.embedFont(boldName);
  const size = l.size;
  const left = 62;
  const right = A4[0] - 56;
  const width = right - left;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - 50; // baseline cursor, PDF coordinates
  const grey = rgb(0.22, 0.22, 0.22);

  const text = (s: string, x: number, yy: number, f: PDFFont = reg, sz = size, color = rgb(0, 0, 0)) =>
    page.drawText(s, { x, y: yy, font: f, size: sz, color });
  const tw = (s: string, f: PDFFont = reg, sz = size) => f.widthOfTextAtSize(s, sz);
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - 60;
    text(`Seite ${doc.getPageCount()}`, right - tw('Seite 9'), A4[1] - 35, reg, size - 1.5, grey);
  };
  const need = (h: number) => {
    if (y - h < 60) newPage();
  };
  const wrap = (s: string, maxW: number, f: PDFFont = reg, sz = size) => {
    const out: string[] = [];
    let line = '';
    for (const word of s.split(' ')) {
      const t = line ? `${line} ${word}` : word;
      if (tw(t, f, sz) > maxW && line) {
        out.push(line);
        line = word;
      } else line = t;
    }
    if (line) out.push(line);
    return out;
  };
  const lh = size * 1.45;

  // Letterhead.
  const [name = '', dept = ''] = letter.issuer;
  if (l.letterhead === 'banner') {
    page.drawRectangle({ x: 0, y: A4[1] - 78, width: A4[0], height: 78, color: rgb(0.88, 0.9, 0.94) });
    text(name, left, A4[1] - 40, bold, size + 7);
    text(dept, left, A4[1] - 58, reg, size + 1);
    y = A4[1] - 100;
  } else {
    const x = (s: string, f: PDFFont, sz: number) =>
      l.letterhead === 'center'
        ? (A4[0] - tw(s, f, sz)) / 2
        : l.letterhead === 'right'
          ? right - tw(s, f, sz)
          : left;
    text(name, x(name, bold, size + 6), y, bold, size + 6);
    y -= size + 10;
    text(dept, x(dept, reg, size + 1), y, reg, size + 1);
    y -= 10;
    page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.8, color: grey });
    y -= 28;
  }
  // Sender line, recipient (left) and info block (right, or one line under the address).
  const top = y;
  let senderSize = size - 2.5;
  while (tw(letter.sender, reg, senderSize) > width * 0.55 && senderSize > 5) senderSize -= 0.25;
  text(letter.sender, left, y, reg, senderSize, grey);
  y -= lh * 1.3;
  for (const r of letter.recipient) {
    text(r, left, y);
    y -= lh;
  }
  if (l.kv === 'colon' || l.kv === 'dotted') {
    y -= lh;
    const parts = letter.info.map(([k, v]) => (l.kv === 'dotted' ? `${k}: ${v}` : `${k}: ${v}`));
    for (const row of [parts.slice(0, 3), parts.slice(3)]) {
      text(row.join('     '), left, y, reg, size - 0.5);
      y -= lh;
    }
  } else {
    let iy = top;
    const labelW = Math.max(...letter.info.map(([k]) => tw(k, reg, size - 1))) + 12;
    const ix = left + width * 0.6;
    for (const [k, v] of letter.info) {
      text(k, ix, iy, reg, size - 1, grey);
      text(v, ix + labelW, iy, reg, size - 1);
      iy -= lh * 0.95;
    }
    y = Math.min(y, iy);
  }
  y -= lh * 1.5;

  const kv = (rows: [string, string][]) => {
    if (l.kv === 'twocol') {
      const half = Math.ceil(rows.length / 2);
      const colW = width / 2;
      for (let i = 0; i < half; i++) {
        need(lh);
        for (const [c, row] of [rows[i], rows[i + half]].entries()) {
          if (!row) continue;
          const x0 = left + c * colW;
          text(row[0], x0, y, reg, size, grey);
          text(row[1], x0 + colW - 14 - tw(row[1]), y);
        }
        y -= lh;
      }
      return;
    }
    for (const [k, v] of rows) {
      if (l.kv === 'stacked') {
        need(lh * 2.2);
        page.drawRectangle({
          x: left,
          y: y - lh - 4,
          width: width * 0.6,
          height: lh * 2 + 2,
          borderColor: grey,
          borderWidth: 0.5,
        });
        text(k, left + 4, y, reg, size - 2.5, grey);
        y -= lh;
        text(v, left + 4, y);
        y -= lh * 1.3;
        continue;
      }
      need(lh);
      if (l.kv === 'colon') text(`${k}: ${v}`, left, y);
      else if (l.kv === 'dotted') {
        const dots = '.'.repeat(Math.max(2, 34 - k.length));
        text(`${k} ${dots}: ${v}`, left, y);
      } else if (l.kv === 'ruled') {
        text(k, left + 4, y);
        text(v, right - 4 - tw(v), y);
        page.drawLine({
          start: { x: left, y: y - 4 },
          end: { x: right, y: y - 4 },
          thickness: 0.4,
          color: grey,
        });
      } else {
        const labelW = Math.max(180, Math.max(...rows.map((r) => tw(r[0]))) + 20);
        text(k, left, y);
        text(v, left + labelW, y);
      }
      y -= lh;
    }
  };

  const draw = (b: Block) => {
    switch (b.k) {
      case 'title':
        need(lh * 3);
        y -= lh * 0.5;
        for (const line of wrap(b.text, width, bold, size + 3)) {
          text(line, left, y, bold, size + 3);
          y -= lh * 1.3;
        }
        y -= lh * 0.4;
        break;
      case 'heading':
        need(lh * 3);
        y -= lh * 0.4;
        text(b.text, left, y, bold);
        y -= lh * 1.2;
        break;
      case 'para':
        for (const line of wrap(b.text, width)) {
          need(lh);
          text(line, left, y);
          y -= lh;
        }
        y -= lh * 0.5;
        break;
      case 'kv':
        kv(b.rows);
        y -= lh * 0.5;
        break;
      case 'table': {
        need(lh * (b.split ? 3 : b.rows.length + 2));
        const xs = [left];
        for (const [i, w] of b.widths.entries()) xs.push((xs[i] ?? left) + w * width);
        const cell = (s: string, i: number, f: PDFFont) => {
          const x0 = xs[i] ?? left;
          const x1 = xs[i + 1] ?? right;
          let sz = size;
          while (tw(s, f, sz) > x1 - x0 - 10 && sz > 6) sz -= 0.25;
          text(s, b.align[i] === 'r' ? x1 - 6 - tw(s, f, sz) : x0 + 4, y, f, sz);
        };
        page.drawLine({
          start: { x: left, y: y + lh * 0.75 },
          end: { x: right, y: y + lh * 0.75 },
          thickness: 0.6,
        });
        for (const [i, h] of b.header.entries()) cell(h, i, bold);
        y -= lh;
        page.drawLine({
          start: { x: left, y: y + lh * 0.7 },
          end: { x: right, y: y + lh * 0.7 },
          thickness: 0.4,
        });
        for (const row of b.rows) {
          if (b.split && y - lh < 60) {
            newPage();
            for (const [i, h] of b.header.entries()) cell(h, i, bold);
            y -= lh;
          }
          for (const [i, c] of row.entries()) cell(c, i, reg);
          y -= lh;
        }
        page.drawLine({
          start: { x: left, y: y + lh * 0.7 },
          end: { x: right, y: y + lh * 0.7 },
          thickness: 0.6,
        });
        y -= lh * 0.6;
        break;
      }
      case 'break':
        newPage();
        break;
      case 'space':
        y -= b.h;
        break;
    }
  };
  for (const b of letter.blocks) draw(b);
  return doc.save({ useObjectStreams: false });
}
