import { EXPORT_JOB_STATE_LABELS, type ExportQueues } from '@gewst/domain';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  bookingApi,
  bookingKeys,
  downloadExportFile,
  exportQueuesQuery,
  useBookingMutation,
} from '../../api/bookings';
import { errorMessages } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, loadedRows } from '../../components/DataTable';
import { QueryError } from '../../components/QueryState';
import { exportTexts as t } from '../../i18n/export';
import { formatDateTime, formatNumber } from '../../lib/format';
import { appStore, useCan } from '../../store/store';

const STATE_COLOR = { ausstehend: 'default', exportiert: 'success', fehlgeschlagen: 'error' } as const;

function DownloadButton({ address, fileName, label }: { address: string; fileName: string; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      loading={busy}
      aria-label={t.downloadOf(fileName)}
      onClick={() => {
        setBusy(true);
        downloadExportFile(address, fileName)
          .catch((e: unknown) => appStore.showSnackbar([t.downloadFailed, ...errorMessages(e)], 'error'))
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

/**
 * /buchungen/:id, section "Export": state per target with the delivered files and their
 * SHA-256, the stored export files and the protocol to download, the jobs with attempts
 * and errors, "Export erneut anstoßen" for a failed export, "Buchungsprotokoll erzeugen".
 * Polls while the export is under way and refreshes the session when its status changes.
 */
export function ExportSection({ sessionId, status }: { sessionId: number; status: string }) {
  const canAct = useCan('closeBiSessionsGenerateReports');
  const query = useQuery({ ...exportQueuesQuery(sessionId), enabled: canAct && status !== 'offen' });
  const [confirm, setConfirm] = useState<'retrigger' | 'report' | null>(null);
  const retrigger = useBookingMutation(() => bookingApi.retrigger(sessionId));
  const report = useBookingMutation(() => bookingApi.report(sessionId));
  const client = useQueryClient();
  const q = query.data;
  // The job changes the session's status in the background: refresh the page's queries then.
  useEffect(() => {
    if (q && q.status !== status) void client.invalidateQueries({ queryKey: bookingKeys.all });
  }, [q, status, client]);

  if (!canAct || status === 'offen') return null;
  const run = (which: 'retrigger' | 'report') => {
    const m = which === 'retrigger' ? retrigger : report;
    m.mutate(undefined, {
      onSuccess: () => {
        appStore.showSnackbar(which === 'retrigger' ? t.retriggered : t.reportDone);
        setConfirm(null);
      },
      onError: (e) => {
        appStore.showSnackbar(errorMessages(e), 'error');
        setConfirm(null);
      },
    });
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 2 }}
      component="section"
      aria-label={t.title}
      data-testid="export-section"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t.title}
        </Typography>
        {q?.status === 'export_fehlgeschlagen' ? (
          <Button
            variant="contained"
            color="primary"
            onClick={() => setConfirm('retrigger')}
            data-testid="export-retrigger"
          >
            {t.retrigger}
          </Button>
        ) : null}
        <Button variant="outlined" onClick={() => setConfirm('report')} data-testid="export-report">
          {q?.report ? t.reportRegenerate : t.reportGenerate}
        </Button>
      </Box>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {!q && !query.isError ? (
        <>
          <LinearProgress />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t.loading}
          </Typography>
        </>
      ) : null}
      {q ? <ExportDetails q={q} /> : null}
      <ConfirmDialog
        open={confirm === 'retrigger'}
        title={t.retriggerTitle}
        text={t.retriggerText}
        confirmLabel={t.retrigger}
        destructive={false}
        busy={retrigger.isPending}
        onConfirm={() => run('retrigger')}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'report'}
        title={t.reportTitle}
        text={t.reportText}
        confirmLabel={t.reportGenerate}
        destructive={false}
        busy={report.isPending}
        onConfirm={() => run('report')}
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}

function ExportDetails({ q }: { q: ExportQueues }) {
  return (
    <>
      {q.status === 'freigegeben' ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="export-running">
          {q.jobs.length ? t.running : t.notYet}
        </Alert>
      ) : null}

      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t.targets}
      </Typography>
      {q.targets.length ? (
        <DataTable
          label={t.targets}
          query={loadedRows(q.targets)}
          rowKey={(x) => `${x.target}-${x.location}`}
          rowProps={(x) => ({ 'data-testid': `export-target-${x.target}` })}
          empty={{ title: t.noTargets }}
          sx={{ mb: 2 }}
          columns={[
            { id: 'target', header: t.target, cell: (x) => x.label },
            { id: 'location', header: t.location, sx: { wordBreak: 'break-all' }, cell: (x) => x.location },
            {
              id: 'state',
              header: t.state,
              cell: (x) => <Chip size="small" color={STATE_COLOR[x.state]} label={t.targetStates[x.state]} />,
            },
            {
              id: 'files',
              header: t.files,
              cell: (x) =>
                x.deliveries.map((d) => (
                  <Box key={d.file_name} sx={{ mb: 0.5 }}>
                    <Typography variant="body2">
                      {d.file_name} · {formatDateTime(d.delivered_at)}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                    >
                      {t.sha256} {d.sha256}
                    </Typography>
                  </Box>
                )),
            },
          ]}
        />
      ) : (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t.noTargets}
        </Alert>
      )}

      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t.files}
      </Typography>
      {q.files.length ? (
        <DataTable
          label={t.files}
          query={loadedRows(q.files)}
          rowKey={(f) => `${f.format}-${f.part}`}
          empty={{ title: t.noFiles }}
          sx={{ mb: 2 }}
          columns={[
            {
              id: 'file',
              header: t.file,
              cell: (f) => `${t.formats[f.format]} ${t.part} ${f.part}: ${f.file_name}`,
            },
            { id: 'bookings', header: t.bookings, align: 'right', cell: (f) => formatNumber(f.bookings) },
            { id: 'size', header: t.size, align: 'right', cell: (f) => `${formatNumber(f.size)} B` },
            {
              id: 'sha256',
              header: t.sha256,
              sx: { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' },
              cell: (f) => f.sha256,
            },
            {
              id: 'download',
              header: null,
              headerLabel: t.download,
              cell: (f) => <DownloadButton address={f.download} fileName={f.file_name} label={t.download} />,
            },
          ]}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.noFiles}
        </Typography>
      )}

      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t.report}
      </Typography>
      {q.report ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t.reportOf(q.report.generated_by, formatDateTime(q.report.generated_at))}
          </Typography>
          <DownloadButton
            address={q.report.pdf}
            fileName={`Buchungsprotokoll_S${q.session_id}.pdf`}
            label={t.pdf}
          />
          <DownloadButton
            address={q.report.xlsx}
            fileName={`Buchungsprotokoll_S${q.session_id}.xlsx`}
            label={t.xlsx}
          />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.reportNone}
        </Typography>
      )}

      {q.jobs.length ? (
        <>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t.jobs}
          </Typography>
          {q.jobs.map((j) => (
            <Box key={j.id} sx={{ mb: 1 }} data-testid="export-job">
              <Typography variant="body2">
                {formatDateTime(j.created_at)}
                {j.created_by ? ` · ${t.by} ${j.created_by}` : ''} · {EXPORT_JOB_STATE_LABELS[j.state]} ·{' '}
                {t.attempts(j.attempts, j.retry_limit)}
              </Typography>
              {j.last_error ? (
                <Typography variant="body2" color="error">
                  {t.lastError}: {j.last_error}
                </Typography>
              ) : null}
              {j.messages.length ? (
                <Typography variant="body2" color="text.secondary">
                  {t.messages}: {j.messages.join(' ')}
                </Typography>
              ) : null}
            </Box>
          ))}
        </>
      ) : null}
    </>
  );
}
