import { berlinDate, type ReportName } from '@gewst/domain';

const REPORT_FILE_NAMES: Record<ReportName, string> = {
  expense: 'Steueraufwand',
  provision: 'Rückstellung',
  cashplan: 'Liquiditätsplan',
  interest: 'Zinsen',
  reconciliation: 'Abstimmung',
};

/** What a report's filters say in a file name: the years (or year end) and the municipality. */
function filterPart(params: Record<string, unknown>) {
  const text = (k: string) => (params[k] == null || params[k] === '' ? undefined : String(params[k]));
  const from = text('year_from');
  const to = text('year_to');
  const parts = [
    text('year') ?? (from && to ? (from === to ? from : `${from}-${to}`) : (from ?? to)),
    text('from'),
    text('ags'),
  ];
  return parts.filter(Boolean);
}

/**
 * File name of a downloaded report: report, company, filters and day, e.g.
 * `Steueraufwand_Nordlicht Energie GmbH_2022-2026_2026-11-25.xlsx` (characters Windows refuses
 * in file names become `_`), so ten downloads in one folder stay apart.
 */
export function reportFileName(
  report: ReportName,
  company: string,
  params: Record<string, unknown>,
  format: 'xlsx' | 'pdf',
  now = new Date(),
) {
  const safe = (s: string) =>
    s
      .replace(/[\\/:*?"<>|]/g, '_')
      .replace(/\s+/g, ' ')
      .trim();
  return (
    [REPORT_FILE_NAMES[report], safe(company), ...filterPart(params), berlinDate(now)].join('_') +
    `.${format}`
  );
}
