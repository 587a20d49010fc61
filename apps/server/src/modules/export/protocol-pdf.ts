import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { dateDe, dateTimeDe, euro, protocolData, SESSION_TYPE_LABEL } from './protocol';
import { toCp1252 } from './text';
import type { ProtocolInput } from './types';

/**
 * The booking protocol as PDF (pdf-lib, A4 landscape, German): header, every booking with
 * accounts and account names, sums per account and side, totals, the session log, the
 * approval, the exported files with SHA-256, a signature line; "Seite x von y" on every page.
 * The standard fonts speak Windows-1252, so text goes through the same transliteration as
 * the DATEV export (never "?").
 */

const W = 842;
const H = 595;
const M = 40;
const FOOTER = 28;
const GREY = rgb(0.35, 0.35, 0.35);
const INK = rgb(0.1, 0.1, 0.1);

interface Col {
  title: string;
  w: number;
  right?: boolean;
  wrap?: boolean;
}

export async function protocolPdf(input: ProtocolInput): Promise<Buffer> {
  const data = protocolData(input);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Buchungsprotokoll Sitzung ${input.session.id}`);
  pdf.setSubject(safe(input.session.companyName));
  pdf.setCreator('GewSt Desk');
  pdf.setLanguage('de-DE');
  pdf.setCreationDate(input.generatedAt);
  pdf.setModificationDate(input.generatedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);

  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - M;
  const newPage = () => {
    page = pdf.addPage([W, H]);
    y = H - M;
  };
  const ensure = (height: number, repeat?: () => void) => {
    if (y - height < M + FOOTER) {
      newPage();
      repeat?.();
    }
  };
  const fit = (s: string, f: PDFFont, size: number, width: number) => {
    let t = safe(s);
    if (widthOf(f, t, size) <= width) return t;
    let lo = 0;
    let hi = t.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (widthOf(f, `${t.slice(0, mid)}…`, size) <= width) lo = mid;
      else hi = mid - 1;
    }
    t = `${t.slice(0, lo)}…`;
    return t;
  };
  const text = (s: string, x: number, f = font, size = 9, opts: { w?: number; right?: boolean } = {}) => {
    const t = opts.w ? fit(s, f, size, opts.w) : safe(s);
    const dx = opts.right && opts.w ? opts.w - widthOf(f, t, size) : 0;
    page.drawText(t, { x: x + dx, y, size, font: f, color: INK });
  };
  /** Wraps at spaces (a word wider than the column is broken) into lines no wider than `width`. */
  const wrap = (s: string, f: PDFFont, size: number, width: number): string[] => {
    const fits = (t: string) => widthOf(f, t, size) <= width;
    const out: string[] = [];
    for (const para of s.split(/\r?\n/)) {
      const text = safe(para);
      if (fits(text)) {
        out.push(text);
        continue;
      }
      let line = '';
      for (let word of text.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (fits(next)) {
          line = next;
          continue;
        }
        if (line) out.push(line);
        while (!fits(word)) {
          let n = word.length - 1;
          while (n > 1 && !fits(word.slice(0, n))) n--;
          out.push(word.slice(0, n));
          word = word.slice(n);
        }
        line = word;
      }
      out.push(line);
    }
    return out;
  };
  const rule = () => {
    page.drawLine({ start: { x: M, y: y - 3 }, end: { x: W - M, y: y - 3 }, thickness: 0.6, color: GREY });
  };
  const heading = (title: string) => {
    ensure(70); // never a heading alone at the foot of a page
    y -= 10;
    text(title, M, bold, 12);
    y -= 18;
  };
  /** A table whose `wrap` columns grow the row instead of cutting text; header repeated per page. */
  const table = (
    cols: Col[],
    rows: string[][],
    opts: { boldLast?: boolean; size?: number; fonts?: PDFFont[] } = {},
  ) => {
    const size = opts.size ?? 8;
    const lh = size + 3.5;
    const xs: number[] = [];
    cols.reduce((x, c) => (xs.push(x), x + c.w + 6), M);
    const head = () => {
      cols.forEach((c, i) => text(c.title, xs[i]!, bold, size, { w: c.w, right: c.right }));
      rule();
      y -= lh + 2;
    };
    ensure(lh * 3);
    head();
    rows.forEach((r, ri) => {
      const f = opts.boldLast && ri === rows.length - 1 ? bold : undefined;
      const cells = cols.map((c, i) => {
        const cf = f ?? opts.fonts?.[i] ?? font;
        return { f: cf, lines: c.wrap ? wrap(r[i] ?? '', cf, size, c.w) : [fit(r[i] ?? '', cf, size, c.w)] };
      });
      const height = Math.max(...cells.map((c) => c.lines.length));
      ensure(lh * height, head);
      const top = y;
      cells.forEach((c, i) =>
        c.lines.forEach((line, li) => {
          y = top - li * lh;
          text(line, xs[i]!, c.f, size, { w: cols[i]!.w, right: cols[i]!.right });
        }),
      );
      y = top - lh * height;
    });
    y -= 6;
  };
  const fields = (pairs: [string, string][]) => {
    for (const [k, v] of pairs) {
      ensure(13);
      text(`${k}:`, M, bold, 9);
      text(v, M + 130, font, 9, { w: W - 2 * M - 130 });
      y -= 13;
    }
  };

  // --- header ---
  text('Buchungsprotokoll', M, bold, 18);
  y -= 26;
  const s = input.session;
  fields([
    ['Firma', s.companyName],
    ['Buchungssitzung', `${s.id} – ${s.label}`],
    ['Art', SESSION_TYPE_LABEL[s.type]],
    ['Status', s.status],
    ['Buchungen', `${data.lines.length}${data.reversals ? ` (davon ${data.reversals} Storno)` : ''}`],
    ['Erstellt', `${dateTimeDe(input.generatedAt)} von ${input.generatedBy}`],
  ]);

  // --- bookings ---
  heading('Buchungen');
  const bookingCols: Col[] = [
    { title: 'Nr.', w: 32 },
    { title: 'Datum', w: 46 },
    { title: 'Beleg', w: 84, wrap: true },
    { title: 'Soll', w: 140, wrap: true },
    { title: 'Haben', w: 140, wrap: true },
    { title: 'Betrag', w: 76, right: true },
    { title: 'Buchungstext', w: W - 2 * M - (32 + 46 + 84 + 140 + 140 + 76) - 6 * 6, wrap: true },
  ];
  table(
    bookingCols,
    [
      ...data.lines.map((l) => [
        String(l.booking.id),
        dateDe(l.booking.date),
        l.booking.belegfeld1,
        `${l.soll.account} ${l.soll.name}`,
        `${l.haben.account} ${l.haben.name}`,
        euro(l.cents),
        `${l.booking.reversalOf !== null ? `Storno zu ${l.booking.reversalOf}: ` : ''}${l.booking.text}`,
      ]),
      ['', '', '', 'Summe', '', euro(data.totalSoll), ''],
    ],
    { boldLast: true },
  );

  // --- sums per account ---
  heading('Summen je Konto');
  table(
    [
      { title: 'Konto', w: 60 },
      { title: 'Bezeichnung', w: 260, wrap: true },
      { title: 'Soll', w: 100, right: true },
      { title: 'Haben', w: 100, right: true },
      { title: 'Saldo', w: 100, right: true },
    ],
    [
      ...data.accounts.map((a) => {
        const saldo = a.soll - a.haben;
        return [
          a.account,
          a.name,
          euro(a.soll),
          euro(a.haben),
          `${euro(saldo < 0n ? -saldo : saldo)} ${saldo < 0n ? 'H' : saldo > 0n ? 'S' : ''}`.trim(),
        ];
      }),
      ['', 'Summe', euro(data.totalSoll), euro(data.totalHaben), ''],
    ],
    { boldLast: true, size: 9 },
  );

  // --- session log ---
  heading('Verlauf der Sitzung');
  if (!input.log.length) {
    text('Keine Einträge.', M, font, 9);
    y -= 14;
  } else {
    table(
      [
        { title: 'Zeitpunkt', w: 90 },
        { title: 'Benutzer', w: 110, wrap: true },
        { title: 'Aktion', w: 120, wrap: true },
        { title: 'Kommentar', w: W - 2 * M - 320 - 18, wrap: true },
      ],
      input.log.map((e) => [dateTimeDe(e.at), e.user, e.action, e.comment ?? '']),
    );
  }

  // --- approval ---
  heading('Freigabe');
  fields(
    input.approval
      ? [
          ['Freigegeben von', input.approval.by],
          ['Freigegeben am', dateTimeDe(input.approval.at)],
        ]
      : [['Freigabe', 'noch nicht freigegeben']],
  );

  // --- export ---
  heading('Export');
  if (!input.exports.length) {
    text('Noch keine Dateien exportiert.', M, font, 9);
    y -= 14;
  } else {
    table(
      [
        { title: 'Ziel', w: 120 },
        { title: 'Datei', w: 220, wrap: true },
        { title: 'SHA-256', w: 300 },
        { title: 'Zeitpunkt', w: 90 },
      ],
      input.exports.map((e) => [e.target, e.fileName, e.sha256, e.at ? dateTimeDe(e.at) : '–']),
      { size: 7, fonts: [font, font, mono, font] },
    );
  }

  // --- signature ---
  ensure(80);
  y -= 40;
  for (const [x, label] of [
    [M, 'Ort, Datum'],
    [M + 300, 'Unterschrift'],
  ] as const) {
    page.drawLine({ start: { x, y }, end: { x: x + 240, y }, thickness: 0.6, color: INK });
    page.drawText(label, { x, y: y - 11, size: 8, font, color: GREY });
  }

  // --- footer with page numbers ---
  const pages = pdf.getPages();
  const footer = safe(
    `Buchungsprotokoll Sitzung ${s.id} – ${s.companyName} – erstellt ${dateTimeDe(input.generatedAt)}`,
  );
  pages.forEach((p, i) => {
    const label = `Seite ${i + 1} von ${pages.length}`;
    p.drawText(fit(footer, font, 7, 560), { x: M, y: M - 14, size: 7, font, color: GREY });
    p.drawText(label, { x: W - M - font.widthOfTextAtSize(label, 7), y: M - 14, size: 7, font, color: GREY });
  });
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}

/**
 * Text width from a per-font table of character widths: pdf-lib's widthOfTextAtSize
 * encodes the string and looks up kerning on every call, which dominated a 10,000-booking
 * protocol. drawText does not kern either, so the widths agree with what is drawn.
 */
const widthCache = new WeakMap<PDFFont, Map<string, number>>();
function widthOf(f: PDFFont, s: string, size: number): number {
  let table = widthCache.get(f);
  if (!table) widthCache.set(f, (table = new Map()));
  let w = 0;
  for (const ch of s) {
    let cw = table.get(ch);
    if (cw === undefined) table.set(ch, (cw = f.widthOfTextAtSize(ch, 1000)));
    w += cw;
  }
  return (w * size) / 1000;
}

function safe(s: string): string {
  return toCp1252(s).text;
}
