import ExcelJS from 'exceljs';
import { dateTimeDe, protocolData, SESSION_TYPE_LABEL } from './protocol';
import type { ProtocolInput } from './types';

/**
 * The booking protocol as xlsx: the same content as the PDF on three sheets (Buchungen,
 * Summen je Konto, Protokoll). Sums are computed exactly in cents; a spreadsheet cell
 * holds them as its number type, formatted with two decimals.
 */
const EUR = '#,##0.00 "€"';
const num = (cents: bigint) => Number(cents) / 100;

export async function protocolXlsx(input: ProtocolInput): Promise<Buffer> {
  const data = protocolData(input);
  const s = input.session;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'GewSt Desk';
  wb.created = input.generatedAt;
  wb.modified = input.generatedAt;

  const ws = wb.addWorksheet('Buchungen', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'Nr.', key: 'id', width: 9 },
    { header: 'Belegdatum', key: 'date', width: 12 },
    { header: 'Beleg', key: 'beleg', width: 18 },
    { header: 'Soll-Konto', key: 'soll', width: 11 },
    { header: 'Soll-Bezeichnung', key: 'sollName', width: 30 },
    { header: 'Haben-Konto', key: 'haben', width: 11 },
    { header: 'Haben-Bezeichnung', key: 'habenName', width: 30 },
    { header: 'Betrag', key: 'amount', width: 16, style: { numFmt: EUR } },
    { header: 'Storno zu', key: 'storno', width: 10 },
    { header: 'Buchungstext', key: 'text', width: 45 },
    { header: 'Erhebungszeitraum', key: 'ez', width: 10 },
    { header: 'Fälligkeit', key: 'due', width: 12 },
    { header: 'Kostenstelle', key: 'kost', width: 12 },
    { header: 'Beleginfo', key: 'info', width: 40 },
    { header: 'Dokument', key: 'doc', width: 10 },
  ];
  ws.getRow(1).font = { bold: true };
  const isoDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
  for (const l of data.lines) {
    const b = l.booking;
    ws.addRow({
      id: b.id,
      date: isoDate(b.date),
      beleg: b.belegfeld1,
      soll: l.soll.account,
      sollName: l.soll.name,
      haben: l.haben.account,
      habenName: l.haben.name,
      amount: num(l.cents),
      storno: b.reversalOf ?? '',
      text: b.text,
      ez: b.erhebungszeitraum,
      due: b.dueDate ? isoDate(b.dueDate) : null,
      kost: b.costCenter,
      info: b.info.map((i) => `${i.art}: ${i.inhalt}`).join('; '),
      doc: b.documentId,
    });
  }
  ws.getColumn('date').numFmt = 'dd.mm.yyyy';
  ws.getColumn('due').numFmt = 'dd.mm.yyyy';
  const total = ws.addRow({ sollName: 'Summe', amount: num(data.totalSoll) });
  total.font = { bold: true };

  const sums = wb.addWorksheet('Summen je Konto');
  sums.columns = [
    { header: 'Konto', key: 'account', width: 10 },
    { header: 'Bezeichnung', key: 'name', width: 40 },
    { header: 'Soll', key: 'soll', width: 18, style: { numFmt: EUR } },
    { header: 'Haben', key: 'haben', width: 18, style: { numFmt: EUR } },
    { header: 'Saldo (Soll − Haben)', key: 'saldo', width: 20, style: { numFmt: EUR } },
  ];
  sums.getRow(1).font = { bold: true };
  for (const a of data.accounts) {
    sums.addRow({
      account: a.account,
      name: a.name,
      soll: num(a.soll),
      haben: num(a.haben),
      saldo: num(a.soll - a.haben),
    });
  }
  sums.addRow({ name: 'Summe', soll: num(data.totalSoll), haben: num(data.totalHaben) }).font = {
    bold: true,
  };

  const log = wb.addWorksheet('Protokoll');
  log.columns = [{ width: 22 }, { width: 28 }, { width: 28 }, { width: 70 }];
  const row = (cells: (string | number)[], bold = false) => {
    const r = log.addRow(cells);
    if (bold) r.font = { bold: true };
  };
  row(['Buchungsprotokoll'], true);
  row(['Firma', s.companyName]);
  row(['Buchungssitzung', `${s.id} – ${s.label}`]);
  row(['Art', SESSION_TYPE_LABEL[s.type]]);
  row(['Status', s.status]);
  row(['Buchungen', data.lines.length]);
  row(['Erstellt', `${dateTimeDe(input.generatedAt)} von ${input.generatedBy}`]);
  row([]);
  row(['Verlauf der Sitzung'], true);
  row(['Zeitpunkt', 'Benutzer', 'Aktion', 'Kommentar'], true);
  for (const e of input.log) row([dateTimeDe(e.at), e.user, e.action, e.comment ?? '']);
  row([]);
  row(['Freigabe'], true);
  if (input.approval) {
    row(['Freigegeben von', input.approval.by]);
    row(['Freigegeben am', dateTimeDe(input.approval.at)]);
  } else row(['Freigabe', 'noch nicht freigegeben']);
  row([]);
  row(['Export'], true);
  row(['Ziel', 'Datei', 'SHA-256', 'Zeitpunkt'], true);
  for (const e of input.exports) row([e.target, e.fileName, e.sha256, e.at ? dateTimeDe(e.at) : '–']);
  if (!input.exports.length) row(['Noch keine Dateien exportiert.']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
