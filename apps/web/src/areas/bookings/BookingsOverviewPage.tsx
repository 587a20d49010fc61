import { SESSION_TYPE_LABELS, SESSION_TYPES, type SessionType } from '@gewst/domain';
import { Alert, Box, Button, Chip, FormControlLabel, Switch, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { bookingStatsQuery, sessionListQuery } from '../../api/bookings';
import { DataTable, useTableParams } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { bookingTexts as t } from '../../i18n/bookings';
import { exportTexts as x } from '../../i18n/export';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan, useCurrentCompany } from '../../store/store';
import { PrepaymentsDialog } from './PrepaymentsDialog';
import { ProvisionsDialog } from './ProvisionsDialog';
import { SessionStatusChip } from './SessionStatusChip';

const TABLE = { perPage: 25, perPageOptions: [25, 50, 100] } as const;

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
  const table = useTableParams(TABLE);
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
      page: table.params.page,
      per_page: table.params.per_page,
    }),
    enabled: company != null,
  });
  const stats = useQuery({ ...bookingStatsQuery(company?.id ?? 0), enabled: company != null });

  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const own = stats.data?.companies.find((c) => c.company_id === company.id);
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
      <DataTable
        label={t.overviewTitle}
        query={list}
        rowKey={(s) => s.id}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        empty={{ title: t.empty, text: t.emptyHint }}
        onRowClick={(s) => navigate(`/buchungen/${s.id}`)}
        rowProps={(s) => ({ 'data-testid': `session-row-${s.id}` })}
        columns={[
          { id: 'id', header: c.id, cell: (s) => <RouterLink to={`/buchungen/${s.id}`}>{s.id}</RouterLink> },
          {
            id: 'status',
            header: c.status,
            cell: (s) => <SessionStatusChip status={s.status} archived={s.archived} />,
          },
          {
            id: 'period',
            header: c.period,
            cell: (s) =>
              s.quartal && s.year
                ? t.quarter(s.quartal, s.year)
                : s.related_session_id
                  ? t.view.related(s.related_session_id)
                  : '',
          },
          { id: 'count', header: c.count, align: 'right', cell: (s) => s.booking_count },
          { id: 'soll', header: c.soll, align: 'right', cell: (s) => formatMoney(s.sum_soll) },
          { id: 'haben', header: c.haben, align: 'right', cell: (s) => formatMoney(s.sum_haben) },
          {
            id: 'created',
            header: c.created,
            cell: (s) => t.byOn(s.created_by?.name, formatDateTime(s.created_at)),
          },
          {
            id: 'approved',
            header: c.approved,
            cell: (s) => (s.approved_at ? t.byOn(s.approved_by?.name, formatDateTime(s.approved_at)) : ''),
          },
        ]}
      />
      {dialog === 'prepayments' ? (
        <PrepaymentsDialog companyId={company.id} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'provisions' ? (
        <ProvisionsDialog companyId={company.id} canEdit={canClose} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
