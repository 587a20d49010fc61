/**
 * Fourth blind part (`blind4`): seven whole layout families F35–F41 with their own letter model
 * and renderer, written by an independent author from knowledge of real municipal and tax-office
 * print (vendor letters with DIN info blocks and footers, mainframe print, formal running text,
 * two-column compact letters, tax-office notices, multi-page Abgabenbescheide, summary tables).
 * Used by no other part. Figures and truths come from notice.ts (makeNotice, truth).
 * Engine developers must not open this file; run.ts prints only aggregate figures of blind4.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { MONTHS } from './content-blocks.js';
import { MONTHS_ABBR } from './pooled.js';
import { pad2, pick, type Rng } from './data.js';
import type { NoticeData } from './notice.js';

type FontName = 'Helvetica' | 'Times' | 'Courier';
type MoneyForm = 'eur-sign' | 'EUR' | 'EUR-first' | 'bare' | 'Euro' | 'sign-first' | 'nodots';
type DateForm = 'num' | 'short' | 'long' | 'abbr' | 'yy';

export interface Blind4Family {
  id: string;
  font: FontName;
  size: number;
  letterhead: 'crest' | 'center' | 'right' | 'plain' | 'bar';
  info: 'right' | 'under' | 'box';
  footer: boolean;
  pageOf: 'top' | 'bottom' | 'none';
  money: MoneyForm;
  /** How a refund is printed: minus sign in front, behind, or as a word (amount without sign). */
  neg: 'minus' | 'trailing' | 'word';
  date: DateForm;
  pct: string;
  printsAgs: boolean;
  caps: boolean;
}

export const BLIND4_FAMILIES: Blind4Family[] = [
  {
    id: 'F35-kommunal-din',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'crest',
    info: 'right',
    footer: true,
    pageOf: 'bottom',
    money: 'eur-sign',
    neg: 'minus',
    date: 'num',
    pct: 'v.H.',
    printsAgs: false,
    caps: false,
  },
  {
    id: 'F36-grossrechner',
    font: 'Courier',
    size: 8.5,
    letterhead: 'plain',
    info: 'under',
    footer: false,
    pageOf: 'top',
    money: 'bare',
    neg: 'trailing',
    date: 'num',
    pct: 'v.H.',
    printsAgs: true,
    caps: true,
  },
  {
    id: 'F37-stadt-formal',
    font: 'Times',
    size: 11,
    letterhead: 'center',
    info: 'box',
    footer: true,
    pageOf: 'none',
    money: 'Euro',
    neg: 'word',
    date: 'long',
    pct: 'v. H.',
    printsAgs: false,
    caps: false,
  },
  {
    id: 'F38-zweispaltig',
    font: 'Helvetica',
    size: 8.5,
    letterhead: 'right',
    info: 'right',
    footer: true,
    pageOf: 'top',
    money: 'EUR-first',
    neg: 'minus',
    date: 'short',
    pct: '%',
    printsAgs: true,
    caps: false,
  },
  {
    id: 'F39-finanzamt-stil',
    font: 'Times',
    size: 10,
    letterhead: 'plain',
    info: 'right',
    footer: false,
    pageOf: 'bottom',
    money: 'nodots',
    neg: 'minus',
    date: 'num',
    pct: 'Prozent',
    printsAgs: false,
    caps: false,
  },
  {
    id: 'F40-abgabenbescheid',
    font: 'Helvetica',
    size: 10,
    letterhead: 'bar',
    info: 'box',
    footer: true,
    pageOf: 'bottom',
    money: 'EUR',
    neg: 'word',
    date: 'abbr',
    pct: '%',
    printsAgs: false,
    caps: false,
  },
  {
    id: 'F41-uebersicht',
    font: 'Helvetica',
    size: 9,
    letterhead: 'crest',
    info: 'under',
    footer: true,
    pageOf: 'top',
    money: 'sign-first',
    neg: 'minus',
    date: 'yy',
    pct: 'v. H.',
    printsAgs: true,
    caps: false,
  },
];

// ---------------------------------------------------------------- letter model and renderer

type Kv = [string, string][];
export type B4Block =
  | { k: 'title'; text: string; sub?: string }
  | { k: 'heading'; text: string }
  | { k: 'para'; text: string }
  | { k: 'kv'; rows: Kv; style: 'tab' | 'dots' | 'colon' | 'right' }
  | { k: 'twocol'; left: Kv; right: Kv }
  | { k: 'box'; rows: Kv }
  | { k: 'table'; header: string[]; rows: string[][]; widths: number[]; align: ('l' | 'r')[] }
  | { k: 'break' }
  | { k: 'space'; h: number };

export interface B4Letter {
  head: string[];
  sender: string;
  recipient: string[];
  info: Kv;
  dateLine?: string;
  footer: string[];
  blocks: B4Block[];
}

const A4: [number, number] = [595.28, 841.89];
const FONTS = {
  Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const;

export async function renderBlind4(letter: B4Letter, f: Blind4Family): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  const [regName, boldName] = FONTS[f.font];
  const reg = await doc.embedFont(regName);
  const bold = await doc.embedFont(boldName);
  const size = f.size;
  const left = 64;
  const right = A4[0] - 52;
  const width = right - left;
  const bottom = f.footer ? 88 : 60;
  const grey = rgb(0.3, 0.3, 0.3);
  const lh = size * 1.42;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - 48;
  const text = (s: string, x: number, yy: number, font: PDFFont = reg, sz = size, color = rgb(0, 0, 0)) =>
    page.drawText(s, { x, y: yy, font, size: sz, color });
  const tw = (s: string, font: PDFFont = reg, sz = size) => font.widthOfTextAtSize(s, sz);
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - 72;
  };
  const need = (h: number) => {
    if (y - h < bottom) newPage();
  };
  const wrap = (s: string, maxW: number, font: PDFFont = reg, sz = size) => {
    const out: string[] = [];
    let line = '';
    for (const word of s.split(' ')) {
      const t = line ? `${line} ${word}` : word;
      if (tw(t, font, sz) > maxW && line) {
        out.push(line);
        line = word;
      } else line = t;
    }
    if (line) out.push(line);
    return out;
  };

  // Letterhead.
  const [name = '', ...rest] = letter.head;
  if (f.letterhead === 'bar') {
    page.drawRectangle({ x: 0, y: A4[1] - 70, width: A4[0], height: 70, color: rgb(0.18, 0.3, 0.45) });
    text(name, left, A4[1] - 34, bold, size + 8, rgb(1, 1, 1));
    text(rest.join('  |  '), left, A4[1] - 54, reg, size, rgb(1, 1, 1));
    y = A4[1] - 96;
  } else if (f.letterhead === 'crest') {
    page.drawRectangle({ x: left, y: y - 34, width: 30, height: 40, borderColor: grey, borderWidth: 1.2 });
    text(
      name.replace(/^(Stadt|Gemeinde|Markt|Landeshauptstadt|Hansestadt|Finanzamt) /, '').slice(0, 1),
      left + 9,
      y - 20,
      bold,
      16,
    );
    text(name, left + 42, y - 8, bold, size + 6);
    let yy = y - 8 - size - 6;
    for (const l of rest) {
      text(l, left + 42, yy, reg, size);
      yy -= lh;
    }
    y = yy - 18;
  } else if (f.letterhead === 'center') {
    for (const [i, l] of letter.head.entries()) {
      const font = i === 0 ? bold : reg;
      const sz = i === 0 ? size + 5 : size;
      text(l, (A4[0] - tw(l, font, sz)) / 2, y, font, sz);
      y -= i === 0 ? sz + 6 : lh;
    }
    page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 1.2 });
    page.drawLine({ start: { x: left, y: y - 2.5 }, end: { x: right, y: y - 2.5 }, thickness: 0.4 });
    y -= 30;
  } else if (f.letterhead === 'right') {
    for (const [i, l] of letter.head.entries()) {
      const font = i === 0 ? bold : reg;
      const sz = i === 0 ? size + 6 : size;
      text(l, right - tw(l, font, sz), y, font, sz);
      y -= i === 0 ? sz + 5 : lh;
    }
    y -= 16;
  } else {
    for (const [i, l] of letter.head.entries()) {
      text(l, left, y, i === 0 ? bold : reg, size + (i === 0 ? 1.5 : 0));
      y -= lh;
    }
    if (f.font === 'Courier') text('-'.repeat(Math.floor(width / tw('-'))), left, y + 4);
    y -= 20;
  }

  // Window: sender line, recipient; info block.
  const top = y;
  let sz = size - 2;
  while (tw(letter.sender, reg, sz) > width * 0.52 && sz > 5) sz -= 0.25;
  text(letter.sender, left, y, reg, sz, grey);
  page.drawLine({
    start: { x: left, y: y - 2 },
    end: { x: left + tw(letter.sender, reg, sz), y: y - 2 },
    thickness: 0.3,
    color: grey,
  });
  y -= lh * 1.4;
  for (const r of letter.recipient) {
    text(r, left, y);
    y -= lh;
  }
  if (f.info === 'under') {
    y -= lh * 0.6;
    for (const [k, v] of letter.info) {
      text(`${k}: ${v}`, left, y, reg, size - 0.5);
      y -= lh * 0.95;
    }
  } else {
    const isz = size - 1;
    const ix = left + width * (f.info === 'box' ? 0.5 : 0.6);
    const lw = Math.max(...letter.info.map(([k]) => tw(k, reg, isz))) + 8;
    let iy = top;
    if (f.info === 'box') {
      const h = letter.info.length * lh * 0.95 + 8;
      page.drawRectangle({
        x: ix - 6,
        y: iy - h + lh * 0.7,
        width: right - ix + 6,
        height: h,
        borderColor: grey,
        borderWidth: 0.6,
      });
    }
    for (const [k, v] of letter.info) {
      text(k, ix, iy, reg, isz, grey);
      text(v, ix + lw, iy, reg, isz);
      iy -= lh * 0.95;
    }
    y = Math.min(y, iy);
  }
  if (letter.dateLine) {
    y -= lh * 0.8;
    text(letter.dateLine, right - tw(letter.dateLine), y);
  }
  y -= lh * 1.6;

  const kv = (rows: Kv, style: 'tab' | 'dots' | 'colon' | 'right') => {
    const labelW = Math.min(width * 0.55, Math.max(...rows.map(([k]) => tw(k))) + 16);
    for (const [k, v] of rows) {
      need(lh);
      if (style === 'colon') text(`${k}: ${v}`, left, y);
      else if (style === 'tab') {
        text(k, left, y);
        text(v, left + labelW, y);
      } else if (style === 'right') {
        text(k, left, y);
        text(v, left + width * 0.78 - tw(v), y);
      } else {
        const vx = right - tw(v);
        text(k, left, y);
        const dotW = tw('.');
        const from = left + tw(k) + 4;
        const n = Math.max(2, Math.floor((vx - 6 - from) / dotW));
        text('.'.repeat(n), from, y, reg, size, grey);
        text(v, vx, y);
      }
      y -= lh;
    }
  };

  const draw = (b: B4Block) => {
    switch (b.k) {
      case 'title': {
        need(lh * 4);
        for (const line of wrap(b.text, width, bold, size + 2.5)) {
          text(line, left, y, bold, size + 2.5);
          y -= lh * 1.25;
        }
        if (b.sub)
          for (const line of wrap(b.sub, width)) {
            text(line, left, y);
            y -= lh;
          }
        y -= lh * 0.5;
        break;
      }
      case 'heading':
        need(lh * 3);
        y -= lh * 0.3;
        text(b.text, left, y, bold);
        y -= lh * 1.15;
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
        kv(b.rows, b.style);
        y -= lh * 0.5;
        break;
      case 'twocol': {
        const n = Math.max(b.left.length, b.right.length);
        need(lh * n);
        const colW = width / 2 - 8;
        for (let i = 0; i < n; i++) {
          for (const [c, row] of [b.left[i], b.right[i]].entries()) {
            if (!row) continue;
            const x0 = left + c * (colW + 16);
            text(row[0], x0, y, reg, size - 0.5, grey);
            text(row[1], x0 + colW - tw(row[1]), y);
          }
          y -= lh;
        }
        y -= lh * 0.5;
        break;
      }
      case 'box': {
        const h = b.rows.length * lh + 8;
        need(h + lh);
        page.drawRectangle({
          x: left,
          y: y - h + lh,
          width: width * 0.62,
          height: h,
          borderColor: rgb(0, 0, 0),
          borderWidth: 0.9,
        });
        for (const [k, v] of b.rows) {
          text(k, left + 6, y, bold);
          text(v, left + width * 0.62 - 8 - tw(v), y);
          y -= lh;
        }
        y -= lh * 0.8;
        break;
      }
      case 'table': {
        need(lh * (b.rows.length + 2));
        const xs = [left];
        for (const [i, w] of b.widths.entries()) xs.push((xs[i] ?? left) + w * width);
        const cell = (s: string, i: number, font: PDFFont) => {
          const x0 = xs[i] ?? left;
          const x1 = xs[i + 1] ?? right;
          let csz = size;
          while (tw(s, font, csz) > x1 - x0 - 8 && csz > 6) csz -= 0.25;
          text(s, b.align[i] === 'r' ? x1 - 4 - tw(s, font, csz) : x0 + 3, y, font, csz);
        };
        page.drawRectangle({ x: left, y: y - 3.5, width, height: lh, color: rgb(0.9, 0.9, 0.9) });
        for (const [i, h] of b.header.entries()) cell(h, i, bold);
        y -= lh;
        for (const row of b.rows) {
          for (const [i, c] of row.entries()) cell(c, i, reg);
          page.drawLine({
            start: { x: left, y: y - 3.5 },
            end: { x: right, y: y - 3.5 },
            thickness: 0.3,
            color: grey,
          });
          y -= lh;
        }
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

  const pages = doc.getPages();
  for (const [i, p] of pages.entries()) {
    page = p;
    if (f.footer) {
      page.drawLine({ start: { x: left, y: 70 }, end: { x: right, y: 70 }, thickness: 0.4, color: grey });
      const colW = width / Math.max(1, letter.footer.length);
      for (const [c, col] of letter.footer.entries())
        for (const [j, l] of col.split('\n').entries()) text(l, left + c * colW, 60 - j * 8, reg, 6.5, grey);
    }
    const label = `Seite ${i + 1} von ${pages.length}`;
    if (f.pageOf === 'top' && pages.length > 1)
      text(label, right - tw(label, reg, size - 1), A4[1] - 30, reg, size - 1);
    if (f.pageOf === 'bottom')
      text(label, (A4[0] - tw(label, reg, size - 1.5)) / 2, 20, reg, size - 1.5, grey);
  }
  return doc.save({ useObjectStreams: false });
}

// ---------------------------------------------------------------- formats

function moneyFmt(cents: number, f: Blind4Family, opts: { unit?: boolean; sign?: boolean } = {}): string {
  const unit = opts.unit ?? true;
  const abs = Math.abs(cents);
  const grouped = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const euros = f.money === 'nodots' ? String(Math.floor(abs / 100)) : grouped;
  let s = `${euros},${pad2(abs % 100)}`;
  const neg = cents < 0 && (opts.sign ?? f.neg !== 'word');
  if (neg) s = f.neg === 'trailing' ? `${s}-` : `-${s}`;
  if (!unit || f.money === 'bare') return s;
  switch (f.money) {
    case 'eur-sign':
    case 'nodots':
      return `${s} €`;
    case 'EUR':
      return `${s} EUR`;
    case 'EUR-first':
      return `EUR ${s}`;
    case 'sign-first':
      return `€ ${s}`;
    default:
      return `${s} Euro`;
  }
}

function dateFmt(iso: string, f: Blind4Family, form: DateForm = f.date): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  switch (form) {
    case 'long':
      return `${d}. ${MONTHS[m - 1]} ${y}`;
    case 'abbr':
      return `${pad2(d)}. ${MONTHS_ABBR[m - 1]} ${y}`;
    case 'short':
      return `${d}.${m}.${y}`;
    case 'yy':
      return `${pad2(d)}.${pad2(m)}.${String(y).slice(2)}`;
    default:
      return `${pad2(d)}.${pad2(m)}.${y}`;
  }
}

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

// ---------------------------------------------------------------- letter builder

const Q = ['I.', 'II.', 'III.', 'IV.'];

/**
 * Makes the printed figures consistent where the shared machinery is not (only inside this part):
 * an interest period that would end before it begins starts 40 days before its end instead
 * (one full month, as makeNotice counted), so the truth stays what the notice prints.
 */
export function fixBlind4Data(n: NoticeData): void {
  if (n.zinsen && n.zinsen.bis <= n.zinsen.von) n.zinsen = { ...n.zinsen, von: addDays(n.zinsen.bis, -40) };
}

export function buildBlind4Letter(
  n: NoticeData,
  f: Blind4Family,
  r: Rng,
): { letter: B4Letter; printsEz: boolean } {
  const fi = BLIND4_FAMILIES.indexOf(f);
  const M = (c: number, o?: { unit?: boolean; sign?: boolean }) => moneyFmt(c, f, o);
  const D = (iso: string, form?: DateForm) => dateFmt(iso, f, form);
  const P = (v: number) => (f.pct ? `${v} ${f.pct}` : String(v));
  const cap = (s: string) => (f.caps ? s.toUpperCase() : s);
  const g = n.gemeinde;
  const gName = `${g.kind} ${g.name}`;
  const fa = n.type === 'messbescheid' || n.type === 'zerlegungsbescheid';
  const faName = `Finanzamt ${n.finanzamt}`;
  const ags = f.printsAgs ? g.ags : '';
  const ez = n.ez;
  const diff = n.tax - n.bisher;
  let printsEz = true;

  // Letterhead, sender, info, footer.
  const dept = pick(r, [
    ['Fachbereich Finanzen', 'Steuern und Abgaben'],
    ['Der Bürgermeister', 'Steueramt'],
    ['Kämmerei', 'Sachgebiet Gewerbesteuer'],
    ['Amt für Finanzen und Liegenschaften', 'Abt. Steuern'],
    ['Stadtkasse', 'Abgabenverwaltung'],
  ] as const);
  const head = fa
    ? [
        faName,
        f.id === 'F39-finanzamt-stil'
          ? 'Veranlagungsbezirk Gewerbesteuer'
          : 'Körperschaften und Personengesellschaften',
        `Postfach ${10 + fi}${pad2(int2(r, 1, 99))} · ${g.plz} ${n.finanzamt}`,
      ]
    : [gName, dept[0], dept[1], ...(f.printsAgs ? [`Gemeindekennziffer ${ags}`] : [])];
  const senderOrg = fa ? faName : `${gName} · ${dept[1]}`;
  const sender = `${senderOrg} · ${fa ? pick(r, ['Postfach 10 01 20', 'Steuerstraße 2']) : pick(r, ['Rathausplatz 1', 'Marktplatz 3', 'Postfach 1120', 'Am Rathaus 5'])} · ${fa ? `${g.plz} ${n.finanzamt}` : `${g.plz} ${g.name}`}`;
  const recipient = [pick(r, ['Firma', '', 'An die']), n.company, n.street, `${g.plz} ${g.name}`].filter(
    Boolean,
  );
  const stnrLabel = pick(r, ['Steuernummer', 'St.-Nr.', 'Steuer-Nr.']);
  const kzLabel = pick(
    r,
    [['Kassenzeichen'], ['Kassenz.'], ['Buchungszeichen'], ['Personenkonto'], ['Kassenzeichen/Aktenzeichen']][
      fi % 5
    ] ?? ['Kassenzeichen'],
  );
  const datumForm = fi % 4 === 1 ? 'num' : undefined;
  const info: Kv = [];
  let dateLine: string | undefined;
  if (!fa && n.type !== 'sonstiges') info.push([kzLabel, n.kassenzeichen]);
  if (n.showSteuernummer || fa) info.push([stnrLabel, n.steuernummer]);
  if (f.info !== 'under') {
    info.push(['Ihr Zeichen', '']);
    info.push(['Auskunft erteilt', pick(r, ['Frau Albers', 'Herr Yilmaz', 'Frau Kranz', 'Herr Voigt'])]);
    info.push([pick(r, ['Zimmer', 'Raum']), `${int2(r, 1, 3)}.${pad2(int2(r, 1, 40))}`]);
    info.push(['Telefon', `0${int2(r, 200, 9999)} ${int2(r, 100, 999)}-${int2(r, 10, 99)}`]);
    if (fi !== 4) info.push(['E-Mail', fa ? 'poststelle@finanzamt.example' : 'steueramt@rathaus.example']);
  }
  // The notice date: info block, right-aligned line with the place, or both forms of the vendor.
  const dateStyle = fi % 7;
  if (dateStyle === 0) info.push(['Datum', D(n.datum, 'num')]);
  else if (dateStyle === 1) info.unshift(['Stand', D(n.datum, datumForm)]);
  else if (dateStyle === 2) dateLine = `${fa ? n.finanzamt : g.name}, den ${D(n.datum)}`;
  else if (dateStyle === 3) info.push(['Bescheiddatum', D(n.datum)]);
  else if (dateStyle === 4) dateLine = D(n.datum);
  else if (dateStyle === 5) info.push(['Datum des Bescheides', D(n.datum)]);
  else dateLine = `${fa ? n.finanzamt : g.name}, ${D(n.datum)}`;
  const ibanGrouped = n.iban.replace(/(.{4})/g, '$1 ').trim();
  const bankLine = `${n.bank}\nIBAN ${fi % 2 ? n.iban : ibanGrouped}\nBIC ${n.bic}`;
  const footer = fa
    ? [
        `${faName}\nÖffnungszeiten Mo–Fr 8–12 Uhr`,
        'Telefon 0800 1234567\nwww.finanzamt.example',
        `Bankverbindung: Landeskasse\n${n.finanzamt}`,
      ]
    : [`${gName}\n${dept[0]}`, `Sprechzeiten\nMo, Di, Do 8:30–12:00 Uhr\nDo 14:00–17:30 Uhr`, bankLine];
  // Municipal letters without a footer print the bank in the text.
  const bankInText = !fa && !f.footer;
  const bankPara: B4Block = {
    k: 'para',
    text: pick(r, [
      `Bankverbindung der ${dept[0]}: ${n.bank}, IBAN ${ibanGrouped}, BIC ${n.bic}.`,
      `Bitte überweisen Sie auf das Konto IBAN ${n.iban} (BIC ${n.bic}) bei der ${n.bank} unter Angabe des ${kzLabel === 'Kassenzeichen' ? 'Kassenzeichens' : 'Zeichens'}.`,
    ]),
  };
  const bankKv: B4Block = {
    k: 'kv',
    style: 'colon',
    rows: [
      ['Kreditinstitut', n.bank],
      ['IBAN', ibanGrouped],
      ['BIC', n.bic],
    ],
  };
  const blocks: B4Block[] = [];
  const para = (text: string) => blocks.push({ k: 'para', text });
  const anrede: B4Block = {
    k: 'para',
    text: pick(r, ['Sehr geehrte Damen und Herren,', 'Sehr geehrte Steuerpflichtige,']),
  };

  // Phrasings of the family.
  const ezWord = [
    `für das Kalenderjahr ${ez}`,
    `EZ ${ez}`,
    `Erhebungszeitraum ${ez}`,
    `Veranlagungszeitraum/Erhebungszeitraum ${ez}`,
    `für ${ez}`,
    `Erhebungsjahr ${ez}`,
    `für den Erhebungszeitraum ${ez}`,
  ][fi]!;
  const L = {
    mb: [
      'Steuermessbetrag lt. Messbescheid',
      'GEWST-MESSBETRAG',
      'Gewerbesteuermessbetrag',
      'Messbetrag (Finanzamt)',
      'festgesetzter Steuermessbetrag',
      'Steuermeßbetrag',
      'Messbetrag EUR',
    ][fi]!,
    hs: [
      'Hebesatz',
      'HEBESATZ',
      'Hebesatz der Stadt',
      'Hebesatz',
      'maßgebender Hebesatz',
      'Hebesatz in %',
      'Hebesatz v. H.',
    ][fi]!,
    steuer: [
      'Gewerbesteuer',
      'GEWST FESTSETZG.',
      'festzusetzende Gewerbesteuer',
      'Gewerbesteuer neu',
      'Festgesetzte Gewerbesteuer',
      'Steuerbetrag',
      'GewSt festgesetzt',
    ][fi]!,
    bisher: [
      'abzgl. bisher festgesetzt',
      'BISHER FESTGES.',
      'bisher festgesetzte Gewerbesteuer',
      'bisher',
      'Bisheriges Soll',
      'bereits festgesetzt (Vorauszahlungen)',
      'ab bisher. Festsetzg.',
    ][fi]!,
    abr: [
      'Unterschiedsbetrag',
      diff < 0 ? 'ERSTATTUNG' : 'NACHZAHLUNG',
      diff < 0 ? 'zu erstattender Betrag' : 'nachzuzahlender Betrag',
      'Abrechnung',
      'Abrechnungsergebnis',
      diff < 0 ? 'Guthaben' : 'Restbetrag',
      'Differenz',
    ][fi]!,
  };
  const faelligSentence = (iso: string, what: string) =>
    [
      `${what} ist bis zum ${D(iso)} zu entrichten.`,
      cap(`${what} fällig am ${D(iso)}`),
      `${what} ist innerhalb eines Monats nach Bekanntgabe dieses Bescheides, spätestens am ${D(iso)}, zu zahlen.`,
      `zahlbar bis ${D(iso)}`,
      `Fälligkeit: ${D(iso)}`,
      `${what} wird am ${D(iso)} fällig.`,
      `Zahlungstermin ${D(iso)}`,
    ][fi]!;

  const vzBlocks = (): B4Block[] => {
    const vz = n.vz;
    if (!vz.length) return [{ k: 'para', text: 'Vorauszahlungen sind nicht zu leisten.' }];
    const y = n.vzYear;
    switch (fi) {
      case 0:
        return [
          { k: 'heading', text: `Vorauszahlungen ab dem Kalenderjahr ${y}` },
          {
            k: 'table',
            header: ['Fälligkeit', 'Quartal', 'Betrag'],
            rows: vz.map((v) => [D(v.faellig_am), `${v.quartal}/${v.jahr}`, M(v.betrag)]),
            widths: [0.3, 0.3, 0.4],
            align: ['l', 'l', 'r'],
          },
        ];
      case 1:
        return [
          { k: 'heading', text: `VORAUSZAHLUNGEN AB ${y}` },
          {
            k: 'kv',
            style: 'dots',
            rows: vz.map((v) => [
              `VZ ${Q[v.quartal - 1]} QU. ${v.jahr} FAELLIG ${D(v.faellig_am)}`,
              M(v.betrag),
            ]),
          },
        ];
      case 2: {
        const dates = vz.map((v) => D(v.faellig_am));
        const list =
          dates.length > 1 ? `${dates.slice(0, -1).join(', ')} und ${dates[dates.length - 1]}` : dates[0];
        return [
          {
            k: 'para',
            text: `Die Vorauszahlungen für das Kalenderjahr ${y} und die folgenden Jahre werden auf je ${M(vz[0]!.betrag)} festgesetzt. Sie sind am ${list} zu entrichten.`,
          },
        ];
      }
      case 3:
        return [
          { k: 'heading', text: `Vorauszahlungen ${y}` },
          {
            k: 'twocol',
            left: vz.slice(0, 2).map((v) => [`zum ${D(v.faellig_am)}`, M(v.betrag)]),
            right: vz.slice(2).map((v) => [`zum ${D(v.faellig_am)}`, M(v.betrag)]),
          },
        ];
      case 4:
        return [
          { k: 'heading', text: `Festsetzung der Vorauszahlungen für ${y}` },
          {
            k: 'table',
            header: ['Zahlungstermin', 'Vorauszahlung'],
            rows: vz.map((v) => [D(v.faellig_am), M(v.betrag)]),
            widths: [0.5, 0.5],
            align: ['l', 'r'],
          },
        ];
      case 5:
        return [
          { k: 'heading', text: `Vorauszahlungen Gewerbesteuer ${y}` },
          {
            k: 'table',
            header: ['Quartal', 'fällig am', 'Betrag in EUR'],
            rows: vz.map((v) => [
              `${v.quartal}. Quartal ${v.jahr}`,
              D(v.faellig_am, 'num'),
              M(v.betrag, { unit: false }),
            ]),
            widths: [0.35, 0.3, 0.35],
            align: ['l', 'l', 'r'],
          },
        ];
      default: {
        // Quarterly matrix: one column per due date of the year.
        const all = [1, 2, 3, 4];
        return [
          { k: 'heading', text: `Vorauszahlungen ab ${y} (Beträge in €)` },
          {
            k: 'table',
            header: ['Jahr', ...all.map((q) => `${['15.02.', '15.05.', '15.08.', '15.11.'][q - 1]}`)],
            rows: [
              [
                String(y),
                ...all.map((q) => {
                  const v = vz.find((x) => x.quartal === q);
                  return v ? M(v.betrag, { unit: false }) : '–';
                }),
              ],
            ],
            widths: [0.2, 0.2, 0.2, 0.2, 0.2],
            align: ['l', 'r', 'r', 'r', 'r'],
          },
        ];
      }
    }
  };

  const zinsBlocks = (own: boolean): B4Block[] => {
    const z = n.zinsen!;
    const heading = own
      ? 'Berechnung der Zinsen'
      : pick(r, ['Zinsen zur Gewerbesteuer (§ 233a AO)', 'Nachzahlungszinsen nach § 233a AO']);
    switch (fi % 4) {
      case 0:
        return [
          { k: 'heading', text: heading },
          {
            k: 'table',
            header: ['Zinslauf von', 'bis', 'Monate', 'Zinssatz', 'Zinsberechnungsgrundlage', 'Zinsen'],
            rows: [[D(z.von, 'num'), D(z.bis, 'num'), String(z.monate), '0,15 %', M(z.basis), M(z.betrag)]],
            widths: [0.15, 0.15, 0.1, 0.12, 0.27, 0.21],
            align: ['l', 'l', 'r', 'r', 'r', 'r'],
          },
        ];
      case 1:
        return [
          { k: 'heading', text: cap(heading) },
          {
            k: 'kv',
            style: 'dots',
            rows: [
              [cap('Zu verzinsender Betrag'), M(z.basis)],
              [cap('Beginn des Zinslaufs'), D(z.von)],
              [cap('Ende des Zinslaufs'), D(z.bis)],
              [cap('Zinsmonate'), String(z.monate)],
              [cap('Zinsen (0,15 % je Monat)'), M(z.betrag)],
            ],
          },
        ];
      case 2:
        return [
          { k: 'heading', text: heading },
          {
            k: 'para',
            text: `Der zu verzinsende Betrag von ${M(z.basis)} ist für die Zeit vom ${D(z.von)} bis zum ${D(z.bis)} zu verzinsen. Für ${z.monate === 1 ? 'einen vollen Monat' : `${z.monate} volle Monate`} zu je 0,15 % ergeben sich Zinsen von ${M(z.betrag)}.`,
          },
        ];
      default:
        return [
          { k: 'heading', text: heading },
          { k: 'para', text: `${M(z.basis)} x ${z.monate} Monate x 0,15 % = ${M(z.betrag)}` },
          {
            k: 'kv',
            style: 'tab',
            rows: [
              ['Zinsbeginn', D(z.von)],
              ['Zinsende', D(z.bis)],
              ['festgesetzte Zinsen', M(z.betrag)],
            ],
          },
        ];
    }
  };

  const rbb = (): B4Block[] => {
    // The Abgabenbescheid vendor prints the Rechtsbehelfsbelehrung on a page of its own.
    const own: B4Block[] = fi === 5 ? [{ k: 'break' }] : [];
    const issuer = fa ? 'dem Finanzamt' : `der ${gName}`;
    const rem = fa
      ? 'Einspruch'
      : g.land === 'Bayern' || g.land === 'Niedersachsen'
        ? 'Klage'
        : 'Widerspruch';
    return [
      ...own,
      {
        k: 'heading',
        text: pick(r, [
          'Rechtsbehelfsbelehrung',
          'Rechtsbehelfsbelehrung:',
          'Belehrung über den Rechtsbehelf',
        ]),
      },
      {
        k: 'para',
        text:
          rem === 'Klage'
            ? `Gegen diesen Bescheid kann innerhalb eines Monats nach seiner Bekanntgabe Klage beim Verwaltungsgericht erhoben werden. Die Klage hat keine aufschiebende Wirkung (§ 80 Abs. 2 Nr. 1 VwGO).`
            : `Gegen diesen Bescheid ist der ${rem} gegeben. Er ist innerhalb eines Monats nach Bekanntgabe schriftlich oder zur Niederschrift bei ${issuer} einzulegen. Die Frist beginnt mit Ablauf des Tages der Bekanntgabe; ein Bescheid gilt am dritten Tag nach Aufgabe zur Post als bekannt gegeben (§ 122 Abs. 2 AO). Die Einlegung hemmt die Zahlungspflicht nicht.`,
      },
    ];
  };

  const title = (t: string, sub?: string): B4Block => ({ k: 'title', text: cap(t), sub });
  const stnrSentence = n.showSteuernummer && !info.some(([k]) => k === stnrLabel);

  switch (n.type) {
    case 'gewst_bescheid': {
      const vzNext = n.vz.length > 0;
      const t = [
        `Bescheid über Gewerbesteuer ${ezWord}`,
        `GEWERBESTEUERBESCHEID ${ezWord}`,
        `Gewerbesteuerbescheid`,
        `Festsetzung der Gewerbesteuer ${ezWord}`,
        `Bescheid über die Festsetzung und Abrechnung der Gewerbesteuer ${ezWord}`,
        `Steuerbescheid – Gewerbesteuer`,
        `GewSt-Bescheid ${ezWord}`,
      ][fi]!;
      const sub = [
        vzNext ? 'und über Vorauszahlungen' : undefined,
        undefined,
        `${ezWord.replace(/^für/, 'Für')} – Festsetzung, Abrechnung${vzNext ? ' und Vorauszahlungen' : ''}`,
        undefined,
        undefined,
        `Erhebungszeitraum: ${ez}`,
        vzNext ? `sowie Festsetzg. der Vorauszahlungen ab ${n.vzYear}` : undefined,
      ][fi];
      blocks.push(title(t, sub));
      if (fi === 2 || fi === 5) blocks.push(anrede);
      const abrRows: Kv = [
        [L.mb, M(n.mb * 100)],
        [L.hs, P(n.hebesatz)],
        [L.steuer, M(n.tax)],
        [L.bisher, M(n.bisher)],
        [L.abr, M(diff)],
      ];
      switch (fi) {
        case 0:
          para(
            `Aufgrund des vom Finanzamt ${n.finanzamt} festgesetzten Steuermessbetrages wird die Gewerbesteuer wie folgt festgesetzt:`,
          );
          blocks.push({
            k: 'table',
            header: ['Bezeichnung', 'Betrag'],
            rows: abrRows.map(([a, b]) => [a, b]),
            widths: [0.65, 0.35],
            align: ['l', 'r'],
          });
          break;
        case 1:
          blocks.push({ k: 'kv', style: 'dots', rows: abrRows });
          break;
        case 2:
          para(
            `Das Finanzamt ${n.finanzamt} hat den Gewerbesteuermessbetrag ${ezWord} auf ${M(n.mb * 100)} festgesetzt. Unter Anwendung des vom Rat beschlossenen Hebesatzes von ${P(n.hebesatz)} wird die Gewerbesteuer auf ${M(n.tax)} festgesetzt.`,
          );
          blocks.push({
            k: 'table',
            header: ['', 'bisher', 'neu', 'Unterschied'],
            rows: [['Gewerbesteuer', M(n.bisher), M(n.tax), M(diff, { sign: true })]],
            widths: [0.28, 0.24, 0.24, 0.24],
            align: ['l', 'r', 'r', 'r'],
          });
          blocks.push({
            k: 'para',
            text:
              diff < 0
                ? `Es ergibt sich eine Erstattung von ${M(-diff)}, die auf Ihr Konto überwiesen wird.`
                : diff === 0
                  ? 'Es ergibt sich kein Unterschiedsbetrag.'
                  : `Es ergibt sich eine Nachzahlung von ${M(diff)}.`,
          });
          break;
        case 3:
          blocks.push({
            k: 'twocol',
            left: [
              ['Erhebungszeitraum', String(ez)],
              [L.mb, M(n.mb * 100)],
              [L.hs, P(n.hebesatz)],
            ],
            right: abrRows.slice(2),
          });
          break;
        case 4:
          blocks.push({ k: 'heading', text: 'I. Festsetzung' });
          blocks.push({ k: 'kv', style: 'dots', rows: abrRows.slice(0, 3) });
          blocks.push({ k: 'heading', text: 'II. Abrechnung' });
          blocks.push({
            k: 'kv',
            style: 'dots',
            rows: abrRows.slice(2),
          });
          break;
        case 5:
          para(
            `anbei erhalten Sie den Bescheid über die Gewerbesteuer. Die Berechnung finden Sie auf der folgenden Seite.`,
          );
          blocks.push({
            k: 'box',
            rows: [
              [diff < 0 ? 'Erstattung' : 'Zahlbetrag', M(Math.abs(diff))],
              ...(diff > 0 ? ([['zahlbar bis', D(n.faellig)]] as Kv) : []),
            ],
          });
          blocks.push({ k: 'break' });
          blocks.push({ k: 'heading', text: 'Berechnung der Gewerbesteuer' });
          blocks.push({
            k: 'kv',
            style: 'right',
            rows: [
              [L.mb, M(n.mb * 100)],
              [L.hs, P(n.hebesatz)],
              [`${L.steuer} (Messbetrag x Hebesatz)`, M(n.tax)],
              [L.bisher, M(n.bisher)],
              [L.abr, diff < 0 ? `${M(-diff)} Erstattung` : M(diff)],
            ],
          });
          break;
        default:
          blocks.push({
            k: 'table',
            header: ['EZ', 'Messbetrag €', 'Hebesatz', 'Steuer €', 'bisher €', 'Differenz €'],
            rows: [
              [
                String(ez),
                M(n.mb * 100, { unit: false }),
                P(n.hebesatz),
                M(n.tax, { unit: false }),
                M(n.bisher, { unit: false }),
                M(diff, { unit: false }),
              ],
            ],
            widths: [0.1, 0.18, 0.15, 0.19, 0.19, 0.19],
            align: ['l', 'r', 'r', 'r', 'r', 'r'],
          });
      }
      if (diff > 0 && fi !== 5)
        para(faelligSentence(n.faellig, fi === 1 ? 'NACHZAHLUNG' : 'Der Unterschiedsbetrag'));
      if (diff < 0 && fi !== 2)
        para(
          'Der Erstattungsbetrag wird nach Verrechnung mit etwaigen Rückständen auf das uns bekannte Konto überwiesen.',
        );
      if (n.zinsen) blocks.push(...zinsBlocks(false));
      blocks.push(...vzBlocks());
      if (bankInText) blocks.push(fi === 4 ? bankKv : bankPara);
      if (stnrSentence)
        para(`Grundlage: Messbescheid des Finanzamts ${n.finanzamt}, ${stnrLabel} ${n.steuernummer}.`);
      para(
        'Rechtsgrundlagen: §§ 1, 4, 14, 16 und 19 GewStG in Verbindung mit der Hebesatzsatzung in der jeweils gültigen Fassung.',
      );
      blocks.push(...rbb());
      break;
    }
    case 'vorauszahlungsbescheid': {
      const t = [
        `Bescheid über Vorauszahlungen zur Gewerbesteuer ab ${ez}`,
        `GEWST-VORAUSZAHLUNGSBESCHEID ${ez}`,
        `Vorauszahlungsbescheid`,
        `Anpassung der Gewerbesteuer-Vorauszahlungen ${ez}`,
        `Festsetzung der Vorauszahlungen auf die Gewerbesteuer`,
        `Änderungsbescheid über Gewerbesteuer-Vorauszahlungen`,
        `GewSt-Vorauszahlungen ab EZ ${ez}`,
      ][fi]!;
      blocks.push(
        title(
          t,
          fi === 2
            ? `für das Kalenderjahr ${ez} und die Folgejahre`
            : fi === 4 || fi === 5
              ? `Erhebungszeitraum ${ez}`
              : undefined,
        ),
      );
      if (fi === 2) blocks.push(anrede);
      const yearly = n.vz[0] ? n.vz[0].betrag * 4 : Math.floor(n.tax / 400) * 400;
      const oldQ = Math.floor(n.bisher / 400) * 100;
      para(
        `Die Vorauszahlungen werden nach § 19 Abs. 3 GewStG auf der Grundlage des zuletzt festgesetzten Steuermessbetrages festgesetzt.`,
      );
      if (fi === 5 && n.vz.length) {
        blocks.push({
          k: 'kv',
          style: 'right',
          rows: [
            [L.mb, M(n.mb * 100)],
            [L.hs, P(n.hebesatz)],
            ['Jahresbetrag', M(yearly)],
          ],
        });
        blocks.push({
          k: 'table',
          header: ['Fälligkeit', 'bisher', 'neu', 'Änderung'],
          rows: n.vz.map((v) => [D(v.faellig_am), M(oldQ), M(v.betrag), M(v.betrag - oldQ, { sign: true })]),
          widths: [0.28, 0.24, 0.24, 0.24],
          align: ['l', 'r', 'r', 'r'],
        });
        blocks.push({ k: 'para', text: `Maßgebend sind die Beträge der Spalte „neu“.` });
      } else {
        const rows: Kv = [
          [L.mb, M(n.mb * 100)],
          [L.hs, P(n.hebesatz)],
          ['Jahresvorauszahlung', M(yearly)],
        ];
        if (fi === 3) blocks.push({ k: 'twocol', left: rows.slice(0, 2), right: rows.slice(2) });
        else if (fi === 6)
          blocks.push({
            k: 'table',
            header: ['Messbetrag €', 'Hebesatz', 'Jahresbetrag €'],
            rows: [[M(n.mb * 100, { unit: false }), P(n.hebesatz), M(yearly, { unit: false })]],
            widths: [0.34, 0.33, 0.33],
            align: ['r', 'r', 'r'],
          });
        else if (fi === 2)
          para(
            `Der maßgebende Gewerbesteuermessbetrag beträgt ${M(n.mb * 100)}, der Hebesatz ${P(n.hebesatz)}.`,
          );
        else blocks.push({ k: 'kv', style: fi === 1 || fi === 4 ? 'dots' : 'tab', rows });
        blocks.push(...vzBlocks());
      }
      if (fi === 0 || fi === 6)
        para(
          'Die Vorauszahlungen sind jeweils zum 15. Februar, 15. Mai, 15. August und 15. November zu entrichten, soweit nicht anders angegeben.',
        );
      if (bankInText) blocks.push(bankPara);
      blocks.push(...rbb());
      break;
    }
    case 'zinsbescheid': {
      const z = n.zinsen!;
      const t = [
        `Bescheid über Zinsen zur Gewerbesteuer ${ezWord} (§ 233a AO)`,
        `ZINSBESCHEID GEWERBESTEUER ${ezWord}`,
        `Zinsbescheid`,
        `Festsetzung von Nachzahlungszinsen zur Gewerbesteuer`,
        `Bescheid über die Verzinsung der Gewerbesteuer`,
        `Zinsen zur Gewerbesteuer – Zinsbescheid nach § 233a AO`,
        `GewSt-Zinsen ${ezWord}`,
      ][fi]!;
      blocks.push(
        title(
          t,
          fi === 2
            ? `Zinsen zur Gewerbesteuer ${ezWord} nach § 233a der Abgabenordnung`
            : fi === 3 || fi === 4
              ? `Erhebungszeitraum ${ez}`
              : undefined,
        ),
      );
      if (fi === 2 || fi === 4) blocks.push(anrede);
      para(
        `Aufgrund der Festsetzung der Gewerbesteuer ${ezWord} werden nach § 233a AO in Verbindung mit § 1 Abs. 2 KAG Zinsen festgesetzt.`,
      );
      blocks.push(...zinsBlocks(true));
      blocks.push({ k: 'para', text: faelligSentence(n.faellig, fi === 1 ? 'ZINSEN' : 'Der Zinsbetrag') });
      if (fi === 5)
        blocks.push({
          k: 'box',
          rows: [
            ['Zinsen', M(z.betrag)],
            ['fällig am', D(n.faellig)],
          ],
        });
      if (bankInText) blocks.push(bankPara);
      blocks.push(...rbb());
      break;
    }
    case 'messbescheid': {
      const rounded = Math.floor(n.gewerbeertrag / 10000) * 10000;
      const t = [
        `Bescheid ${ezWord} über den Gewerbesteuermessbetrag`,
        `GEWERBESTEUERMESSBESCHEID ${ezWord}`,
        `Bescheid über den Gewerbesteuermessbetrag`,
        `Gewerbesteuermessbescheid ${ez}`,
        `Bescheid für ${ez} über den Gewerbesteuermessbetrag`,
        `Festsetzung des Steuermessbetrags für die Gewerbesteuer`,
        `GewSt-Messbescheid EZ ${ez}`,
      ][fi]!;
      blocks.push(
        title(t, fi === 2 ? ezWord.replace(/^für/, 'für') : fi === 5 ? `Erhebungszeitraum ${ez}` : undefined),
      );
      para(
        `Der Steuermessbetrag wird nach § 14 GewStG festgesetzt. Dieser Bescheid ist Grundlage für die Festsetzung der Gewerbesteuer durch die hebeberechtigte Gemeinde (${gName}).`,
      );
      const rows: Kv = [
        [
          fi === 1
            ? 'GEWERBEERTRAG'
            : pick(r, ['Gewerbeertrag', 'Gewerbeertrag (§ 7 GewStG)', 'maßgebender Gewerbeertrag']),
          M(n.gewerbeertrag),
        ],
        [fi === 1 ? 'ABGERUNDET' : 'abgerundet auf volle 100 €', M(rounded)],
        [
          fi === 1
            ? 'FREIBETRAG'
            : pick(r, ['Freibetrag nach § 11 Abs. 1 GewStG', 'abzüglich Freibetrag', 'Freibetrag']),
          M(n.freibetrag),
        ],
        [fi === 1 ? 'VERBLEIBEN' : 'verbleibender Gewerbeertrag', M(rounded - n.freibetrag)],
        [fi === 1 ? 'STEUERMESSZAHL' : 'Steuermesszahl', '3,5 %'],
        [L.mb.replace(/ lt\. Messbescheid| \(Finanzamt\)| EUR/, ''), M(n.mb * 100)],
      ];
      if (fi === 2) {
        para(
          `Der Gewerbeertrag ${ezWord} beträgt ${M(n.gewerbeertrag)}; abgerundet ${M(rounded)}. Nach Abzug des Freibetrags von ${M(n.freibetrag)} verbleiben ${M(rounded - n.freibetrag)}. Bei einer Steuermesszahl von 3,5 % ergibt sich ein Steuermessbetrag von ${M(n.mb * 100)}.`,
        );
      } else if (fi === 3) blocks.push({ k: 'twocol', left: rows.slice(0, 3), right: rows.slice(3) });
      else if (fi === 6)
        blocks.push({
          k: 'table',
          header: ['Gewerbeertrag', 'Freibetrag', 'Steuermesszahl', 'Steuermessbetrag'],
          rows: [[M(n.gewerbeertrag), M(n.freibetrag), '3,5 %', M(n.mb * 100)]],
          widths: [0.27, 0.25, 0.21, 0.27],
          align: ['r', 'r', 'r', 'r'],
        });
      else if (fi === 0)
        blocks.push({
          k: 'table',
          header: ['Berechnung', 'Euro'],
          rows,
          widths: [0.65, 0.35],
          align: ['l', 'r'],
        });
      else blocks.push({ k: 'kv', style: fi === 5 ? 'right' : 'dots', rows });
      if (fi === 4 || fi === 5)
        blocks.push({ k: 'para', text: `Festgesetzt wird ein Steuermessbetrag von ${M(n.mb * 100)}.` });
      if (fi === 0) para(`Für Rückfragen geben Sie bitte die Steuernummer ${n.steuernummer} an.`);
      para(
        'Die Festsetzung der Gewerbesteuer und deren Erhebung obliegen der Gemeinde. Zahlungen leisten Sie bitte erst nach Erhalt des Gewerbesteuerbescheides der Gemeinde.',
      );
      blocks.push(...rbb());
      break;
    }
    case 'zerlegungsbescheid': {
      const total = n.zerlegung.reduce((s, z) => s + z.anteil, 0);
      const lohnSum = n.zerlegung.reduce((s, z) => s + z.lohn, 0);
      const pctOf = (z: NoticeData['zerlegung'][number]) =>
        `${((z.lohn * 100) / lohnSum).toFixed(4).replace('.', ',')} %`;
      const nm = (z: NoticeData['zerlegung'][number]) =>
        fi === 2 || fi === 5 ? `${z.gemeinde.kind} ${z.gemeinde.name}` : z.gemeinde.name;
      const t = [
        `Bescheid ${ezWord} über die Zerlegung des Gewerbesteuermessbetrags`,
        `ZERLEGUNGSBESCHEID ${ezWord}`,
        `Zerlegungsbescheid`,
        `Zerlegung des Steuermessbetrags ${ez}`,
        `Bescheid für ${ez} über die Zerlegung des Steuermessbetrags`,
        `Zerlegung des Gewerbesteuermessbetrags (§§ 28 ff. GewStG)`,
        `GewSt-Zerlegung EZ ${ez}`,
      ][fi]!;
      blocks.push(
        title(t, fi === 2 ? `Gewerbesteuer ${ezWord}` : fi === 5 ? `Erhebungszeitraum ${ez}` : undefined),
      );
      para(
        `Der Steuermessbetrag von ${M(total)} wird nach dem Verhältnis der Arbeitslöhne (§ 29 GewStG) auf die hebeberechtigten Gemeinden zerlegt. Zerlegungsmaßstab: Arbeitslöhne.`,
      );
      const zs = n.zerlegung;
      switch (fi) {
        case 0:
          blocks.push({
            k: 'table',
            header: ['Gemeinde', 'Arbeitslöhne', 'Anteil am Messbetrag'],
            rows: [...zs.map((z) => [nm(z), M(z.lohn), M(z.anteil)]), ['Summe', M(lohnSum), M(total)]],
            widths: [0.4, 0.3, 0.3],
            align: ['l', 'r', 'r'],
          });
          break;
        case 1:
          blocks.push({
            k: 'table',
            header: ['AGS', 'GEMEINDE', 'ARBEITSLOEHNE', 'ZERLEGUNGSANTEIL'],
            rows: zs.map((z) => [z.gemeinde.ags, nm(z).toUpperCase(), M(z.lohn), M(z.anteil)]),
            widths: [0.16, 0.34, 0.25, 0.25],
            align: ['l', 'l', 'r', 'r'],
          });
          blocks.push({ k: 'kv', style: 'dots', rows: [['SUMME STEUERMESSBETRAG', M(total)]] });
          break;
        case 2:
          for (const [i, z] of zs.entries())
            para(
              `${i + 1}. Auf die ${nm(z)} entfällt bei Arbeitslöhnen von ${M(z.lohn)} ein Anteil am Steuermessbetrag von ${M(z.anteil)}.`,
            );
          break;
        case 3:
          blocks.push({
            k: 'table',
            header: ['AGS', 'Gemeinde', 'Arbeitslöhne', 'Anteil %', 'Anteil'],
            rows: zs.map((z) => [z.gemeinde.ags, nm(z), M(z.lohn), pctOf(z), M(z.anteil)]),
            widths: [0.14, 0.28, 0.22, 0.14, 0.22],
            align: ['l', 'l', 'r', 'r', 'r'],
          });
          break;
        case 4:
          blocks.push({
            k: 'table',
            header: ['Lfd. Nr.', 'Zerlegungsanteil', 'hebeberechtigte Gemeinde', 'Arbeitslöhne'],
            rows: zs.map((z, i) => [String(i + 1), M(z.anteil), nm(z), M(z.lohn)]),
            widths: [0.1, 0.25, 0.4, 0.25],
            align: ['l', 'r', 'l', 'r'],
          });
          break;
        case 5:
          for (const [i, z] of zs.entries()) {
            blocks.push({ k: 'heading', text: `${i + 1}. Hebeberechtigte Gemeinde` });
            blocks.push({
              k: 'kv',
              style: 'tab',
              rows: [
                ['Gemeinde', nm(z)],
                ['Arbeitslöhne', M(z.lohn)],
                ['Zerlegungsanteil', M(z.anteil)],
              ],
            });
          }
          break;
        default:
          blocks.push({
            k: 'table',
            header: ['Gemeinde (AGS)', 'Anteil €', 'Anteil %', 'Arbeitslöhne €'],
            rows: zs.map((z) => [
              `${nm(z)} (${z.gemeinde.ags})`,
              M(z.anteil, { unit: false }),
              pctOf(z),
              M(z.lohn, { unit: false }),
            ]),
            widths: [0.4, 0.2, 0.15, 0.25],
            align: ['l', 'r', 'r', 'r'],
          });
      }
      para(
        'Die Anteile am Steuermessbetrag werden den beteiligten Gemeinden mitgeteilt, die die Gewerbesteuer festsetzen.',
      );
      blocks.push(...rbb());
      break;
    }
    case 'mahnung': {
      const gebuehr = n.mahngebuehr;
      const sum = n.rueckstand + n.saeumnis + gebuehr;
      const t = [
        'Mahnung',
        'MAHNUNG',
        'Zahlungsaufforderung – Mahnung',
        '1. Mahnung',
        'Mahnung rückständiger Abgaben',
        'Mahnung / Vollstreckungsankündigung',
        'Mahnung GewSt',
      ][fi]!;
      blocks.push(title(t));
      if (fi !== 1 && fi !== 6) blocks.push(anrede);
      para(
        `bei Durchsicht unserer Konten haben wir festgestellt, dass folgende Beträge zur Gewerbesteuer ${ez} trotz Fälligkeit noch nicht gezahlt wurden:`,
      );
      const rueckL = [
        'Rückstand',
        'RUECKSTAND HAUPTFORDERUNG',
        'rückständige Gewerbesteuer',
        'offener Betrag',
        'Hauptforderung',
        'Rückstand Gewerbesteuer',
        'offene Forderung',
      ][fi]!;
      const szL = [
        'Säumniszuschläge',
        'SAEUMNISZUSCHLAG',
        'Säumniszuschläge (§ 240 AO)',
        'Säumniszuschlag',
        'Säumniszuschläge gem. § 240 AO',
        'Säumniszuschl.',
        'SZ',
      ][fi]!;
      if (fi === 0 || fi === 4 || fi === 6)
        blocks.push({
          k: 'table',
          header: ['Abgabeart', 'Zeitraum', 'fällig seit', rueckL, szL, 'Mahngebühr'],
          rows: [
            [
              'Gewerbesteuer',
              String(ez),
              D(n.urspruenglichFaellig, 'num'),
              M(n.rueckstand),
              M(n.saeumnis),
              M(gebuehr),
            ],
          ],
          widths: [0.17, 0.1, 0.15, 0.22, 0.2, 0.16],
          align: ['l', 'l', 'l', 'r', 'r', 'r'],
        });
      else if (fi === 2)
        para(
          `Die Gewerbesteuer ${ezWord}, fällig seit dem ${D(n.urspruenglichFaellig)}, ist mit ${M(n.rueckstand)} rückständig. Hierauf sind Säumniszuschläge von ${M(n.saeumnis)} entstanden; die Mahngebühr beträgt ${M(gebuehr)}.`,
        );
      else if (fi === 3)
        blocks.push({
          k: 'twocol',
          left: [
            [rueckL, M(n.rueckstand)],
            [szL, M(n.saeumnis)],
          ],
          right: [
            ['Mahngebühr', M(gebuehr)],
            ['Gesamt', M(sum)],
          ],
        });
      else
        blocks.push({
          k: 'kv',
          style: fi === 1 ? 'dots' : 'right',
          rows: [
            ['Abgabe', `Gewerbesteuer ${ez}`],
            ['ursprünglich fällig', D(n.urspruenglichFaellig)],
            [rueckL, M(n.rueckstand)],
            [szL, M(n.saeumnis)],
            ['Mahngebühr', M(gebuehr)],
          ],
        });
      if (fi !== 3)
        blocks.push({
          k: 'kv',
          style: 'right',
          rows: [[fi === 1 ? 'GESAMTBETRAG' : 'zu zahlender Gesamtbetrag', M(sum)]],
        });
      para(
        `${['Bitte zahlen Sie den Gesamtbetrag bis zum', 'ZAHLEN SIE BIS', 'Wir fordern Sie auf, den Betrag spätestens am', 'Zahlungsfrist:', 'Bitte überweisen Sie den Betrag bis spätestens', 'Der Gesamtbetrag ist bis zum', 'Zahlung bis'][fi]} ${D(n.faellig)}${fi === 2 ? ' zu zahlen.' : fi === 5 ? ' zu entrichten.' : fi === 3 || fi === 6 || fi === 1 ? '' : '.'}`,
      );
      para(
        'Sollte der Betrag nicht fristgerecht eingehen, müssen Sie mit der Einleitung von Vollstreckungsmaßnahmen rechnen; weitere Säumniszuschläge (1 % je angefangenen Monat, § 240 AO) entstehen. Haben Sie inzwischen gezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
      );
      if (bankInText) blocks.push(bankKv);
      break;
    }
    case 'sonstiges': {
      const kind = n.sonstigesKind;
      if (kind === 0) {
        blocks.push(
          title(
            pick(r, ['Stundung von Gewerbesteuer', 'Bewilligung einer Ratenzahlung', 'Stundungsbescheid']),
          ),
        );
        blocks.push(anrede);
        const rate = Math.floor(n.rueckstand / 400) * 100;
        para(
          `auf Ihren Antrag vom ${D(addDays(n.datum, -21))} wird die Gewerbesteuer ${ezWord} in Höhe von ${M(n.rueckstand)} gemäß § 222 AO gestundet. Der Betrag ist in vier Raten zu je ${M(rate)} zu zahlen; der Restbetrag mit der letzten Rate. Für die Dauer der Stundung werden Stundungszinsen nach § 234 AO erhoben.`,
        );
        blocks.push({
          k: 'table',
          header: ['Rate', 'fällig am', 'Betrag'],
          rows: [1, 2, 3, 4].map((i) => [
            `${i}. Rate`,
            D(addDays(n.datum, 30 * i)),
            M(i === 4 ? n.rueckstand - 3 * rate : rate),
          ]),
          widths: [0.3, 0.35, 0.35],
          align: ['l', 'l', 'r'],
        });
        para(
          'Wird eine Rate nicht rechtzeitig gezahlt, wird die Stundung widerrufen und der gesamte Restbetrag sofort fällig.',
        );
      } else if (kind === 1) {
        blocks.push(
          title(
            pick(r, [
              'Aussetzung der Vollziehung',
              'Entscheidung über den Antrag auf Aussetzung der Vollziehung',
            ]),
          ),
        );
        blocks.push(anrede);
        para(
          `im Hinblick auf Ihren Widerspruch gegen den Gewerbesteuerbescheid ${ezWord} wird die Vollziehung in Höhe von ${M(n.rueckstand)} bis zum Ablauf eines Monats nach Bekanntgabe der Entscheidung über den Rechtsbehelf ausgesetzt (§ 361 AO, § 80 Abs. 4 VwGO). Bleibt der Rechtsbehelf erfolglos, sind Aussetzungszinsen nach § 237 AO zu entrichten.`,
        );
      } else if (kind === 2) {
        printsEz = false;
        blocks.push(title(pick(r, ['Eingangsbestätigung', 'Ihr Schreiben – Eingangsbestätigung'])));
        blocks.push(anrede);
        para(
          `wir bestätigen den Eingang Ihres Schreibens vom ${D(addDays(n.datum, -9))}. Ihr Anliegen wird derzeit geprüft; Sie erhalten nach Abschluss der Prüfung unaufgefordert Nachricht. Bitte sehen Sie bis dahin von Sachstandsanfragen ab.`,
        );
      } else {
        blocks.push(title(pick(r, ['Zahlungserinnerung', 'Erinnerung', 'Freundliche Erinnerung'])));
        blocks.push(anrede);
        para(
          `sicherlich haben Sie übersehen, dass die Vorauszahlung zur Gewerbesteuer ${ez} über ${M(n.rueckstand)} am ${D(n.urspruenglichFaellig)} fällig war. Wir bitten Sie, den Betrag innerhalb der nächsten Tage zu überweisen. Diese Erinnerung ist gebührenfrei; Säumniszuschläge werden erst mit einer Mahnung erhoben.`,
        );
        if (bankInText) blocks.push(bankPara);
      }
      blocks.push({ k: 'para', text: 'Mit freundlichen Grüßen' });
      blocks.push({ k: 'para', text: 'Im Auftrag' });
      para('Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.');
      break;
    }
  }
  if (n.type !== 'sonstiges' && n.type !== 'mahnung')
    para(
      pick(r, [
        'Dieser Bescheid wurde maschinell erstellt und ist ohne Unterschrift gültig.',
        'Mit freundlichen Grüßen',
        'Im Auftrag',
      ]),
    );
  return { letter: { head, sender, recipient, info, dateLine, footer, blocks }, printsEz };
}

function int2(r: Rng, min: number, max: number) {
  return min + Math.floor(r() * (max - min + 1));
}
