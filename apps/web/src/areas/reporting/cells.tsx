import { Link, TableCell } from '@mui/material';
import type { QueryParams } from '../../api/url';
import { reportingTexts as t } from '../../i18n/reporting';
import { formatMoney } from '../../lib/format';

export type OpenTrace = (params: QueryParams) => void;

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
