import { createRequire } from 'node:module';
import {
  type CashPlanReport,
  type ExpenseReport,
  formatMoneyDe,
  type InterestReport,
  PAYMENT_LINE_KIND_LABELS,
  type ProvisionReport,
  type ReconciliationReport,
  type ReportFilter,
  type ReportName,
  sumMoney,
} from '@gewst/domain';
import ExcelJS from 'exceljs';

/**
 * xlsx and PDF of a report from one description (title, filters, tables), so both files
 * show the same figures. xlsx cells are numbers with number formats; sums are formulas
 * carrying their computed result. PDF: A4 landscape, header with company, filters, date.
 */

type ColumnType = 'money' | 'int' | 'text' | 'date';
interface Column {
  header: string;
  key: string;
  type: ColumnType;
  width?: number;
}
interface Table {
  title: string;
  columns: Column[];
  rows: Record<string, unknown>[];
  /** Sum row: money columns summed (formula in xlsx). */
  sum?: boolean;
}
export interface ReportDocument {
  title: string;
  filename: string;
  filter: ReportFilter;
  filterLines: string[];
  tables: Table[];
}

const deMoney = (v: string) => `${formatMoneyDe(v, { symbol: false })} €`;
const deDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');
const MONEY_FORMAT = '#,##0.00 "€";-#,##0.00 "€"';
const DATE_FORMAT = 'dd.mm.yyyy';

const money = (header: string, key: string): Column => ({ header, key, type: 'money', width: 16 });
const text = (header: string, key: string, width = 24): Column => ({ header, key, type: 'text', width });
const int = (header: string, key: string): Column => ({ header, key, type: 'int', width: 9 });

/** The tax years a report covers; the cash plan without a range covers every year (1990–2100). */
const taxYearsLine = (from: number, to: number) =>
  `Erhebungszeitraum: ${from <= 1990 && to >= 2100 ? 'alle' : from === to ? from : `${from}–${to}`}`;

function baseLines(f: ReportFilter, extra: string[] = []) {
  return [
    `Firma: ${f.company_name}`,
    taxYearsLine(f.year_from, f.year_to),
    `Gemeinde: ${f.gemeinde ? `${f.gemeinde} (${f.ags})` : 'alle'}`,
    ...extra,
    `Stand: ${deDate(f.stand)}`,
  ];
}

const fileName = (name: string, f: ReportFilter) =>
  `${name}-${f.company_name.replace(/[^\p{L}\p{N}]+/gu, '_')}-${f.stand}`;

export function expenseDocument(r: ExpenseReport): ReportDocument {
  const establishment = r.filter.group_by === 'betriebsstaette';
  return {
    title: 'Steueraufwand je Jahr und Gemeinde',
    filename: fileName('Steueraufwand', r.filter),
    filter: r.filter,
    filterLines: baseLines(r.filter, [`Gliederung: ${establishment ? 'Betriebsstätte' : 'Gemeinde'}`]),
    tables: [
      {
        title: 'Summen je Jahr',
        sum: true,
        columns: [
          int('Jahr', 'year'),
          money('Festgesetzt', 'festgesetzt'),
          money('Vorauszahlungen', 'vorauszahlungen'),
          money('Bezahlt', 'bezahlt'),
          money('Offen', 'offen'),
          money('Aufwand', 'aufwand'),
          money('Änderung zum Vorjahr', 'differenz'),
          money('davon Hebesatz', 'hebesatz_effekt'),
          money('davon Messbetrag-Anteil', 'anteil_effekt'),
          money('davon sonstiges', 'sonstiges'),
        ],
        rows: r.years.map((y) => ({ ...y, ...(y.aenderung ?? {}) })),
      },
      {
        title: establishment ? 'Je Jahr und Betriebsstätte' : 'Je Jahr und Gemeinde',
        sum: true,
        columns: [
          int('Jahr', 'year'),
          text('Gemeinde', 'gemeinde'),
          text('AGS', 'ags', 10),
          ...(establishment ? [text('Betriebsstätte', 'designation')] : []),
          money('Festgesetzt', 'festgesetzt'),
          money('Vorauszahlungen', 'vorauszahlungen'),
          money('Bezahlt', 'bezahlt'),
          money('Offen', 'offen'),
          money('Aufwand', 'aufwand'),
          money('Messbetrag', 'messbetrag'),
          int('Hebesatz %', 'hebesatz'),
        ],
        rows: r.rows,
      },
      {
        title: 'Änderungen zum Vorjahr',
        columns: [
          int('Jahr', 'year'),
          text('Gemeinde', 'gemeinde'),
          money('Vorjahr', 'vorjahr'),
          money('Aufwand', 'aufwand'),
          money('Differenz', 'differenz'),
          int('Hebesatz Vorjahr', 'hebesatz_vorjahr'),
          int('Hebesatz', 'hebesatz'),
          money('Hebesatz-Effekt', 'hebesatz_effekt'),
          money('Anteil-Effekt', 'anteil_effekt'),
          money('Sonstiges', 'sonstiges'),
        ],
        rows: r.changes,
      },
    ],
  };
}

export function provisionDocument(r: ProvisionReport): ReportDocument {
  const mbLabel: Record<ProvisionReport['messbetrag']['quelle'], string> = {
    eingabe: 'Eingabe',
    messbescheid: 'Messbescheid',
    zerlegung: 'gespeicherte Zerlegung',
    keine: 'keiner',
  };
  const quelle: Record<string, string> = { bescheid: 'Bescheid', zerlegung: 'Zerlegung', keine: '–' };
  return {
    title: `Rückstellungsvorschlag ${r.filter.year}`,
    filename: fileName(`Rueckstellung-${r.filter.year}`, r.filter),
    filter: r.filter,
    filterLines: baseLines(r.filter, [
      `Erwarteter Messbetrag: ${r.messbetrag.betrag ? deMoney(r.messbetrag.betrag) : '–'} (${mbLabel[r.messbetrag.quelle]})`,
    ]),
    tables: [
      {
        title: 'Je Gemeinde',
        sum: true,
        columns: [
          text('Gemeinde', 'gemeinde'),
          text('AGS', 'ags', 10),
          text('Quelle', 'quelle_text', 12),
          money('Anteil (Messbetrag)', 'anteil'),
          int('Hebesatz %', 'hebesatz'),
          money('Erwartete Steuer', 'erwartet'),
          money('Vorauszahlungen', 'vorauszahlungen'),
          money('Rückstellung', 'rueckstellung'),
        ],
        rows: r.rows.map((x) => ({ ...x, quelle_text: quelle[x.quelle] })),
      },
    ],
  };
}

export function cashPlanDocument(r: CashPlanReport): ReportDocument {
  const groups = [
    money('Vorauszahlungen', 'vorauszahlungen'),
    money('Abschlusszahlungen', 'abschlusszahlungen'),
    money('Erstattungen', 'erstattungen'),
    money('Zinsen', 'zinsen'),
    money('Säumniszuschläge', 'zuschlaege'),
    money('Summe', 'summe'),
  ];
  const monthLabel = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
  return {
    title: 'Liquiditätsplan der nächsten 12 Monate',
    filename: fileName('Liquiditaetsplan', r.filter),
    filter: r.filter,
    filterLines: [
      `Firma: ${r.filter.company_name}`,
      `Monate: ${monthLabel(r.filter.months[0]!)}–${monthLabel(r.filter.months.at(-1)!)}`,
      taxYearsLine(r.filter.year_from, r.filter.year_to),
      `Gemeinde: ${r.filter.gemeinde ? `${r.filter.gemeinde} (${r.filter.ags})` : 'alle'}`,
      `Überfällig vor Planbeginn: ${r.ueberfaellig.anzahl} Zeile(n), ${deMoney(r.ueberfaellig.summe)}`,
      `Stand: ${deDate(r.filter.stand)}`,
    ],
    tables: [
      {
        title: 'Je Monat',
        sum: true,
        columns: [text('Monat', 'label', 10), ...groups],
        rows: r.months.map((m) => ({ ...m, label: monthLabel(m.month) })),
      },
      {
        title: 'Je Quartal',
        sum: true,
        columns: [text('Quartal', 'quarter', 10), ...groups],
        rows: r.quarters,
      },
      {
        title: 'Je Gemeinde und Monat',
        sum: true,
        columns: [
          text('Gemeinde', 'gemeinde', 20),
          ...r.filter.months.map((m, i) => ({ ...money(monthLabel(m), `m${i}`), width: 12 })),
          money('Summe', 'summe'),
        ],
        rows: r.municipalities.map((m) => ({
          ...m,
          ...Object.fromEntries(m.betraege.map((b, i) => [`m${i}`, b])),
        })),
      },
    ],
  };
}

export function interestDocument(r: InterestReport): ReportDocument {
  const behandlung: Record<string, string> = {
    nicht_abziehbar: 'nicht abziehbar',
    steuerpflichtig: 'steuerpflichtig',
  };
  return {
    title: 'Zinsen nach § 233a AO und Säumniszuschläge',
    filename: fileName('Zinsen', r.filter),
    filter: r.filter,
    filterLines: baseLines(r.filter),
    tables: [
      {
        title: 'Je Jahr und Art',
        sum: true,
        columns: [
          int('Jahr', 'year'),
          text('Art', 'art', 20),
          text('Behandlung', 'behandlung_text', 16),
          money('Betrag', 'betrag'),
          money('Laut Bescheid', 'bescheid'),
          money('Eigene Berechnung', 'eigene'),
          money('Differenz', 'differenz'),
          int('Abweichungen', 'abweichungen'),
        ],
        rows: r.rows.map((x) => ({
          ...x,
          art: PAYMENT_LINE_KIND_LABELS[x.kind],
          behandlung_text: behandlung[x.behandlung],
        })),
      },
      {
        title: 'Abweichungen Bescheid – eigene Berechnung',
        columns: [
          int('Jahr', 'year'),
          text('Betriebsstätte', 'designation'),
          text('Gemeinde', 'gemeinde', 18),
          money('Laut Bescheid', 'bescheid'),
          money('Eigene Berechnung', 'eigene'),
          money('Differenz', 'differenz'),
          money('Basis', 'basis'),
          { header: 'Von', key: 'von', type: 'date', width: 11 },
          { header: 'Bis', key: 'bis', type: 'date', width: 11 },
          int('Monate', 'monate'),
        ],
        rows: r.abweichungen,
      },
    ],
  };
}

const CAUSE_LABELS: Record<string, string> = {
  missing_notice: 'Bescheid fehlt',
  rate_conflict: 'Hebesatz weicht ab',
  share_conflict: 'Anteil weicht ab',
  unpaid_line: 'Zeile unbezahlt',
  other: 'Sonstige Abweichung',
};

export function reconciliationDocument(r: ReconciliationReport): ReportDocument {
  return {
    title: 'Abstimmung Zerlegung – Bescheid – Zahlung',
    filename: fileName('Abstimmung', r.filter),
    filter: r.filter,
    filterLines: baseLines(r.filter),
    tables: [
      {
        title: 'Je Jahr und Gemeinde',
        sum: true,
        columns: [
          int('Jahr', 'year'),
          text('Gemeinde', 'gemeinde', 18),
          money('Anteil laut Zerlegung', 'erwartet_anteil'),
          int('Hebesatz % (unsere Daten)', 'erwartet_hebesatz'),
          money('Erwartet', 'erwartet'),
          money('Festgesetzt', 'festgesetzt'),
          money('Bezahlt', 'bezahlt'),
          money('Abw. Festsetzung', 'abweichung_festsetzung'),
          money('Abw. Zahlung', 'abweichung_zahlung'),
          text('Ursachen', 'ursachen_text', 40),
        ],
        rows: r.rows.map((x) => ({
          ...x,
          ursachen_text: x.ursachen.map((u) => `${CAUSE_LABELS[u.code]}: ${u.message}`).join('\n'),
        })),
      },
    ],
  };
}

export type AnyReport =
  ExpenseReport | ProvisionReport | CashPlanReport | InterestReport | ReconciliationReport;

export function reportDocument(name: ReportName, report: AnyReport): ReportDocument {
  switch (name) {
    case 'expense':
      return expenseDocument(report as ExpenseReport);
    case 'provision':
      return provisionDocument(report as ProvisionReport);
    case 'cashplan':
      return cashPlanDocument(report as CashPlanReport);
    case 'interest':
      return interestDocument(report as InterestReport);
    case 'reconciliation':
      return reconciliationDocument(report as ReconciliationReport);
  }
}

const cellValue = (type: ColumnType, v: unknown) => {
  if (v === null || v === undefined || v === '') return null;
  if (type === 'money') return Number(v);
  if (type === 'int') return Number(v);
  if (type === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))
    return new Date(`${v}T00:00:00Z`);
  return String(v);
};

const columnLetter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

export async function toXlsx(doc: ReportDocument): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'GewSt Desk';
  for (const table of doc.tables) {
    const ws = wb.addWorksheet(table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
    ws.addRow([doc.title]).font = { bold: true, size: 14 };
    ws.addRow([table.title]).font = { bold: true };
    for (const l of doc.filterLines) ws.addRow([l]);
    ws.addRow([]);
    const header = ws.addRow(table.columns.map((c) => c.header));
    header.font = { bold: true };
    const first = header.number + 1;
    for (const row of table.rows) ws.addRow(table.columns.map((c) => cellValue(c.type, row[c.key])));
    const last = first + table.rows.length - 1;
    table.columns.forEach((c, i) => {
      const col = ws.getColumn(i + 1);
      col.width = c.width ?? 14;
      if (c.type === 'money') col.numFmt = MONEY_FORMAT;
      if (c.type === 'date') col.numFmt = DATE_FORMAT;
      if (c.type === 'int') col.numFmt = '0';
    });
    if (table.sum && table.rows.length) {
      const sumRow = ws.addRow(
        table.columns.map((c, i) => {
          if (i === 0) return 'Summe';
          if (c.type !== 'money') return null;
          const letter = columnLetter(i + 1);
          const result = Number(sumMoney(table.rows.map((r) => r[c.key] as string | null)));
          return { formula: `SUM(${letter}${first}:${letter}${last})`, result };
        }),
      );
      sumRow.font = { bold: true };
    }
    ws.views = [{ state: 'frozen', ySplit: header.number }];
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const require = createRequire(import.meta.url);
type PdfMake = {
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (path: string) => boolean): void;
  setFonts(fonts: Record<string, Record<string, string>>): void;
  createPdf(doc: unknown): { getBuffer(): Promise<Buffer> };
};
let pdfmake: PdfMake | null = null;
const STANDARD_FONTS = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'];

function printer(): PdfMake {
  if (pdfmake) return pdfmake;
  const p = require('pdfmake') as PdfMake;
  // Only the PDF standard fonts; no file or URL is ever read while rendering.
  p.setUrlAccessPolicy(() => false);
  p.setLocalAccessPolicy((path) => STANDARD_FONTS.includes(path));
  p.setFonts({
    Helvetica: {
      normal: 'Helvetica',
      bold: 'Helvetica-Bold',
      italics: 'Helvetica-Oblique',
      bolditalics: 'Helvetica-BoldOblique',
    },
  });
  pdfmake = p;
  return p;
}

const pdfText = (type: ColumnType, v: unknown) => {
  if (v === null || v === undefined || v === '') return '–';
  if (type === 'money') return deMoney(String(v));
  if (type === 'date' && typeof v === 'string') return deDate(v);
  return String(v);
};

export async function toPdf(doc: ReportDocument): Promise<Buffer> {
  const content: unknown[] = [];
  for (const table of doc.tables) {
    content.push({ text: table.title, style: 'tableTitle' });
    if (!table.rows.length) {
      content.push({ text: 'Keine Einträge.', margin: [0, 0, 0, 10] });
      continue;
    }
    const body: unknown[][] = [
      table.columns.map((c) => ({
        text: c.header,
        bold: true,
        alignment: c.type === 'money' ? 'right' : 'left',
      })),
      ...table.rows.map((r) =>
        table.columns.map((c) => ({
          text: pdfText(c.type, r[c.key]),
          alignment: c.type === 'money' || c.type === 'int' ? 'right' : 'left',
        })),
      ),
    ];
    if (table.sum)
      body.push(
        table.columns.map((c, i) => {
          if (i === 0) return { text: 'Summe', bold: true };
          if (c.type !== 'money') return { text: '' };
          const total = sumMoney(table.rows.map((r) => r[c.key] as string | null));
          return { text: pdfText('money', total), bold: true, alignment: 'right' };
        }),
      );
    content.push({
      table: {
        headerRows: 1,
        widths: table.columns.map((c) => (c.type === 'text' ? '*' : 'auto')),
        body,
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 12],
    });
  }
  const definition = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 92, 36, 40],
    info: { title: doc.title, author: 'GewSt Desk', subject: doc.filter.company_name },
    defaultStyle: { font: 'Helvetica', fontSize: 7.5 },
    styles: { tableTitle: { bold: true, fontSize: 10, margin: [0, 4, 0, 4] } },
    header: () => ({
      margin: [36, 20, 36, 0],
      stack: [
        { text: `${doc.title} – ${doc.filter.company_name}`, bold: true, fontSize: 12 },
        { text: doc.filterLines.join(' · '), fontSize: 8, margin: [0, 4, 0, 0] },
      ],
    }),
    footer: (page: number, pages: number) => ({
      text: `GewSt Desk · ${doc.title} · Stand ${deDate(doc.filter.stand)} · Seite ${page} von ${pages}`,
      alignment: 'center',
      fontSize: 7,
      margin: [36, 12, 36, 0],
    }),
    content,
  };
  return printer().createPdf(definition).getBuffer();
}
