import { Link, TableCell, TablePagination } from '@mui/material';
import type { QueryParams } from '../../api/url';
import { reportingTexts as t } from '../../i18n/reporting';
import { formatMoney } from '../../lib/format';

export type OpenTrace = (params: QueryParams) => void;

/** A Hebesatz in percent, or a dash where there is none. */
export function RateCell({ value }: { value: number | null | undefined }) {
  return <TableCell align="right">{value != null ? `${value} %` : '–'}</TableCell>;
}

/** A difference between two figures, highlighted unless it is zero. */
export function DifferenceCell({ value }: { value: string | null }) {
  return <MoneyCell value={value} highlight={value !== null && Number(value) !== 0} />;
}

/** A money figure; with `trace` a button that lists what lies behind it. */
export function MoneyCell({
  value,
  trace,
  onTrace,
  strong,
  highlight,
}: {
  value: string | null | undefined;
  trace?: QueryParams;
  onTrace?: OpenTrace;
  strong?: boolean;
  highlight?: boolean;
}) {
  const text = value == null ? '–' : formatMoney(value);
  const sx = {
    fontWeight: strong ? 700 : undefined,
    whiteSpace: 'nowrap' as const,
    ...(highlight ? { bgcolor: 'warning.light' } : {}),
  };
  if (!trace || !onTrace || value == null)
    return (
      <TableCell align="right" sx={sx}>
        {text}
      </TableCell>
    );
  return (
    <TableCell align="right" sx={sx}>
      <Link
        component="button"
        type="button"
        title={t.cellHint}
        onClick={() => onTrace(trace)}
        sx={{ fontWeight: 'inherit' }}
      >
        {text}
      </Link>
    </TableCell>
  );
}

/** Pages of a report table (one page size: the server's). */
export function Pager({
  meta,
  onPage,
}: {
  meta: { page: number; per_page: number; total: number };
  onPage: (p: number) => void;
}) {
  if (meta.total <= meta.per_page) return null;
  return (
    <TablePagination
      component="div"
      count={meta.total}
      page={meta.page - 1}
      rowsPerPage={meta.per_page}
      rowsPerPageOptions={[meta.per_page]}
      onPageChange={(_e, p) => onPage(p + 1)}
    />
  );
}
