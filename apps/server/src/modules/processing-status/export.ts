import {
  DOCUMENT_STATUS_LABELS,
  PROCESSING_STATE_LABELS,
  PROCESSING_TYPE_LABELS,
  type ProcessingStatus,
} from '@gewst/domain';
import ExcelJS from 'exceljs';

/** The processing status as a workbook: one row per expected notice, then the counts per type. */
export async function processingStatusWorkbook(status: ProcessingStatus): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'GewSt Desk';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(`Stand ${status.year}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { key: 'type', header: 'Bescheidart', width: 26 },
    { key: 'company', header: 'Firma', width: 28 },
    { key: 'designation', header: 'Betriebsstätte', width: 28 },
    { key: 'ags', header: 'AGS', width: 11 },
    { key: 'municipality', header: 'Gemeinde', width: 26 },
    { key: 'state', header: 'Stand', width: 13 },
    { key: 'documents', header: 'Dokumente', width: 40 },
    { key: 'gap', header: 'Lücke', width: 60 },
  ];
  for (const i of status.items) {
    sheet.addRow({
      type: PROCESSING_TYPE_LABELS[i.type],
      company: i.company_name,
      designation: i.designation ?? '',
      ags: i.ags ?? '',
      municipality: i.municipality ?? '',
      state: PROCESSING_STATE_LABELS[i.state],
      documents: i.documents
        .map((d) => `#${d.id} ${d.filename} (${DOCUMENT_STATUS_LABELS[d.status]})`)
        .join('; '),
      gap: i.gap ?? '',
    });
  }
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };

  const totals = workbook.addWorksheet('Übersicht');
  totals.columns = [
    { key: 'type', header: 'Bescheidart', width: 26 },
    { key: 'expected', header: 'Erwartet', width: 10 },
    ...(['fehlt', 'eingegangen', 'geprueft', 'gebucht'] as const).map((s) => ({
      key: s,
      header: PROCESSING_STATE_LABELS[s],
      width: 12,
    })),
  ];
  for (const s of status.summary) {
    totals.addRow({ type: PROCESSING_TYPE_LABELS[s.type], expected: s.expected, ...s.counts });
  }
  totals.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
