import { ACCOUNT_PURPOSE_SHORT, SESSION_TYPE_LABELS, transition } from '@gewst/domain';
import {
  Alert,
  Box,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { sessionDetailQuery } from '../../api/bookings';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { QueryError } from '../../components/QueryState';
import { bookingTexts as t } from '../../i18n/bookings';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../store/store';
import { BOOKING_PAGE_SIZES, BookingsTable } from './BookingsTable';
import { ExportSection } from './ExportSection';
import { SessionActions } from './SessionActions';
import { SessionLogList } from './SessionLogList';
import { SessionStatusChip } from './SessionStatusChip';

const v = t.view;

/** /buchungen/:id: header with status and the allowed actions, bookings (paged), sums per account, the log. */
export default function BookingsViewPage({ id }: { id: string }) {
  const sessionId = Number(id);
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const perPage = BOOKING_PAGE_SIZES.includes(Number(search.get('per_page')) as 50)
    ? Number(search.get('per_page'))
    : 50;
  const canCorrect = useCan('closeBiSessionsGenerateReports');
  const query = useQuery({
    ...sessionDetailQuery(sessionId, page, perPage),
    enabled: Number.isInteger(sessionId) && sessionId > 0,
  });
  const setParam = (k: string, value: number | null) => {
    const next = new URLSearchParams(search);
    if (value === null) next.delete(k);
    else next.set(k, String(value));
    setSearch(next, { replace: true });
  };

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoader />;
  const s = query.data;
  const editable =
    canCorrect &&
    transition(
      { status: s.status, type: s.type, archived: s.archived, storno_pending: s.storno_pending },
      'correct',
    ).allowed;
  const facts: [string, string][] = [
    [v.createdBy, t.byOn(s.created_by?.name, formatDateTime(s.created_at))],
    ...(s.submitted_at
      ? [[v.submittedBy, t.byOn(s.submitted_by?.name, formatDateTime(s.submitted_at))] as [string, string]]
      : []),
    ...(s.approved_at
      ? [[v.approvedBy, t.byOn(s.approved_by?.name, formatDateTime(s.approved_at))] as [string, string]]
      : []),
    ...(s.exported_at ? [[v.exportedAt, formatDateTime(s.exported_at)] as [string, string]] : []),
  ];

  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={`/buchungen?type=${s.type}${s.archived ? '&archived=true' : ''}`}>
          {v.back}
        </Link>
      </Typography>
      <PageHeader
        title={`${v.title(s.id, SESSION_TYPE_LABELS[s.type])}${s.quartal && s.year ? ` ${t.quarter(s.quartal, s.year)}` : ''}`}
        actions={<SessionActions session={s} />}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <SessionStatusChip status={s.status} archived={s.archived} />
        {s.archived ? <Typography color="text.secondary">{t.archived}</Typography> : null}
        {facts.map(([label, value]) => (
          <Typography key={label} variant="body2" color="text.secondary">
            {label}: {value}
          </Typography>
        ))}
        {s.related_session_id ? (
          <Link component={RouterLink} to={`/buchungen/${s.related_session_id}`}>
            {v.related(s.related_session_id)}
          </Link>
        ) : null}
        {s.storno_session_id ? (
          <Link component={RouterLink} to={`/buchungen/${s.storno_session_id}`}>
            {v.storno(s.storno_session_id)}
          </Link>
        ) : null}
      </Box>
      {s.export_error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {v.exportError}: {s.export_error}
        </Alert>
      ) : null}
      {s.status === 'eingereicht' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {v.fourEyes}
        </Alert>
      ) : null}

      <Typography variant="subtitle1" component="h2" gutterBottom>
        {v.bookings} ({s.booking_count})
      </Typography>
      <BookingsTable
        session={s}
        editable={editable}
        fetching={query.isFetching}
        onPage={(p) => setParam('page', p > 1 ? p : null)}
        onPerPage={(n) => {
          const next = new URLSearchParams(search);
          next.set('per_page', String(n));
          next.delete('page');
          setSearch(next, { replace: true });
        }}
      />

      <ExportSection sessionId={s.id} status={s.status} />

      <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2, mt: 2 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {v.sums}
          </Typography>
          <Table size="small" aria-label={v.sums}>
            <TableHead>
              <TableRow>
                <TableCell>{v.account}</TableCell>
                <TableCell align="right">{v.count}</TableCell>
                <TableCell align="right">{v.soll}</TableCell>
                <TableCell align="right">{v.haben}</TableCell>
                <TableCell align="right">{v.saldo}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.sums_by_account.map((a) => (
                <TableRow key={a.konto}>
                  <TableCell>
                    {a.konto} {a.purpose ? ACCOUNT_PURPOSE_SHORT[a.purpose] : ''}
                  </TableCell>
                  <TableCell align="right">{a.count}</TableCell>
                  <TableCell align="right">{formatMoney(a.soll)}</TableCell>
                  <TableCell align="right">{formatMoney(a.haben)}</TableCell>
                  <TableCell align="right">{formatMoney(a.saldo)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        <SessionLogList sessionId={s.id} />
      </Box>
    </>
  );
}
