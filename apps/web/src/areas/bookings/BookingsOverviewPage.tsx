import { SESSION_TYPE_LABELS, SESSION_TYPES, type SessionType } from '@gewst/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  Paper,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { bookingStatsQuery, sessionListQuery } from '../../api/bookings';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { ServerPagination } from '../../components/ServerPagination';
import { bookingTexts as t } from '../../i18n/bookings';
import { exportTexts as x } from '../../i18n/export';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan, useCurrentCompany } from '../../store/store';
import { PrepaymentsDialog } from './PrepaymentsDialog';
import { ProvisionsDialog } from './ProvisionsDialog';
import { SessionStatusChip } from './SessionStatusChip';

const PER_PAGE = [25, 50, 100] as const;

/** /buchungen: sessions by type (tabs) and archived flag, stats, prepayments and provisions. State in the URL. */
export default function BookingsOverviewPage() {
  const company = useCurrentCompany();
  const canClose = useCan('closeBiSessionsGenerateReports');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const type = (SESSION_TYPES as readonly string[]).includes(search.get('type') ?? '')
    ? (search.get('type') as SessionType)
    : 'bescheid';
  const archived = search.get('archived') === 'true';
  // the failed-export filter spans all session types (the dashboard tile links here)
  const failedOnly = search.get('status') === 'export_fehlgeschlagen';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const perPage = PER_PAGE.includes(Number(search.get('per_page')) as 25)
    ? Number(search.get('per_page'))
    : 25;
  const [dialog, setDialog] = useState<'prepayments' | 'provisions' | null>(null);
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };

  const list = useQuery({
    ...sessionListQuery(company?.id ?? 0, {
      ...(failedOnly ? { status: 'export_fehlgeschlagen' as const } : { type }),
      archived,
      page,
      per_page: perPage,
    }),
    enabled: company != null,
  });
  const stats = useQuery({ ...bookingStatsQuery(company?.id ?? 0), enabled: company != null });

  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const own = stats.data?.companies.find((c) => c.company_id === company.id);
  const rows = list.data?.data ?? [];
  const c = t.columns;

  return (
    <>
      <PageHeader
        title={`${t.overviewTitle} – ${company.name}`}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setDialog('provisions')}>
              {t.provisions.open}
            </Button>
            {canClose ? (
              <Button variant="contained" onClick={() => setDialog('prepayments')}>
                {t.prepayments.open}
              </Button>
            ) : null}
          </Box>
        }
      />
      {own ? (
        <Box
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
          role="group"
          aria-label={t.stats.title}
          data-testid="booking-stats"
        >
          <Chip label={`${t.stats.open}: ${own.sessions.offen}`} />
          <Chip color="info" label={`${t.stats.toSubmit}: ${own.sessions.geschlossen}`} />
          <Chip
            color="warning"
            label={`${t.stats.awaiting}: ${own.awaiting_approval.sessions} (${t.stats.awaitingSum(
              own.awaiting_approval.bookings,
              formatMoney(own.awaiting_approval.sum_soll),
            )})`}
          />
          {own.failed_exports ? (
            <Chip
              color="error"
              label={`${t.stats.failed}: ${own.failed_exports}`}
              onClick={() => update({ status: 'export_fehlgeschlagen', page: null })}
            />
          ) : null}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 1 }}>
        <Tabs
          value={failedOnly ? false : type}
          onChange={(_e, v: SessionType) => update({ type: v, status: null, page: null })}
          aria-label={t.typeTabs}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ flexGrow: 1 }}
        >
          {SESSION_TYPES.map((st) => (
            <Tab key={st} value={st} label={SESSION_TYPE_LABELS[st]} />
          ))}
        </Tabs>
        <FormControlLabel
          control={
            <Switch
              checked={archived}
              onChange={(e) => update({ archived: e.target.checked ? 'true' : null, page: null })}
            />
          }
          label={t.archived}
        />
        <FormControlLabel
          control={
            <Switch
              checked={failedOnly}
              onChange={(e) =>
                update({ status: e.target.checked ? 'export_fehlgeschlagen' : null, page: null })
              }
              data-testid="filter-failed-exports"
            />
          }
          label={x.filterFailed}
        />
      </Box>
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && rows.length === 0 && !list.isFetching ? (
        <EmptyState title={t.empty} text={t.emptyHint} />
      ) : (
        <Paper variant="outlined">
          {list.isFetching ? <LinearProgress /> : null}
          <TableContainer>
            <Table size="small" aria-label={t.overviewTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{c.id}</TableCell>
                  <TableCell>{c.status}</TableCell>
                  <TableCell>{c.period}</TableCell>
                  <TableCell align="right">{c.count}</TableCell>
                  <TableCell align="right">{c.soll}</TableCell>
                  <TableCell align="right">{c.haben}</TableCell>
                  <TableCell>{c.created}</TableCell>
                  <TableCell>{c.approved}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((s) => {
                  const to = `/buchungen/${s.id}`;
                  return (
                    <TableRow
                      key={s.id}
                      hover
                      sx={{ cursor: 'pointer' }}
                      onClick={() => navigate(to)}
                      data-testid={`session-row-${s.id}`}
                    >
                      <TableCell>
                        <RouterLink to={to} onClick={(e) => e.stopPropagation()}>
                          {s.id}
                        </RouterLink>
                      </TableCell>
                      <TableCell>
                        <SessionStatusChip status={s.status} archived={s.archived} />
                      </TableCell>
                      <TableCell>
                        {s.quartal && s.year
                          ? t.quarter(s.quartal, s.year)
                          : s.related_session_id
                            ? t.view.related(s.related_session_id)
                            : ''}
                      </TableCell>
                      <TableCell align="right">{s.booking_count}</TableCell>
                      <TableCell align="right">{formatMoney(s.sum_soll)}</TableCell>
                      <TableCell align="right">{formatMoney(s.sum_haben)}</TableCell>
                      <TableCell>{t.byOn(s.created_by?.name, formatDateTime(s.created_at))}</TableCell>
                      <TableCell>
                        {s.approved_at ? t.byOn(s.approved_by?.name, formatDateTime(s.approved_at)) : ''}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          {list.data ? (
            <ServerPagination
              meta={list.data.meta}
              options={PER_PAGE}
              onPageChange={(p) => update({ page: String(p) })}
              onPerPageChange={(n) => update({ per_page: String(n), page: null })}
            />
          ) : null}
        </Paper>
      )}
      {dialog === 'prepayments' ? (
        <PrepaymentsDialog companyId={company.id} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'provisions' ? (
        <ProvisionsDialog companyId={company.id} canEdit={canClose} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
