import { type Backup, BACKUP_KIND_LABELS, BACKUP_PHASE_LABELS, type BackupList } from '@gewst/domain';
import BackupIcon from '@mui/icons-material/Backup';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  backupsQuery,
  downloadBackup,
  useCreateBackup,
  useDeleteBackup,
  useUploadBackup,
} from '../../../api/backups';
import { errorMessages } from '../../../api/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { de } from '../../../i18n/de';
import { deBackup as t } from '../../../i18n/backup';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { appStore } from '../../../store/store';
import { formatFileSize } from '../documents/adminDocuments';
import { RestoreDialog } from './RestoreDialog';

export default function BackupPage() {
  const list = useQuery(backupsQuery());
  const data = list.data;
  const create = useCreateBackup();
  const upload = useUploadBackup();
  const remove = useDeleteBackup();
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useOutcomeNotice(data);

  const busy = !!data?.running || create.isPending;
  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) appStore.showSnackbar(done);
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    }
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {t.title}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={busy || upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {t.upload}
        </Button>
        <Button
          variant="contained"
          startIcon={<BackupIcon />}
          disabled={busy}
          loading={create.isPending}
          onClick={() => void run(() => create.mutateAsync(), t.started)}
        >
          {t.create}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".gz,.tgz,application/gzip"
          hidden
          data-testid="backup-upload-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file)
              void run(async () => appStore.showSnackbar(t.uploaded((await upload.mutateAsync(file)).name)));
          }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t.hint}
      </Typography>
      {data ? (
        <Typography variant="body2" color="text.secondary" data-testid="backup-schedule">
          {data.schedule.daily_at
            ? t.scheduleOn(data.schedule.daily_at, data.schedule.keep, formatDateTime(data.schedule.next_at))
            : t.scheduleOff}{' '}
          {t.version(data.app_version, data.schema_version)}
        </Typography>
      ) : null}
      {upload.isPending ? <LinearProgress aria-label={t.uploading} /> : null}
      {data?.running ? <RunningOperation running={data.running} /> : null}
      {data?.last && !data.running ? (
        <Alert severity={data.last.ok ? 'success' : 'error'} data-testid="backup-outcome">
          {data.last.message}
        </Alert>
      ) : null}
      <DataTable
        label={t.title}
        query={{ ...list, data: data?.data }}
        rowKey={(b) => b.name}
        empty={{ title: t.empty, text: t.emptyHint }}
        rowProps={(b) => ({ 'data-testid': 'backup-row', 'data-name': b.name })}
        columns={[
          {
            id: 'created_at',
            header: t.columns.createdAt,
            nowrap: true,
            cell: (b) => formatDateTime(b.created_at),
          },
          { id: 'kind', header: t.columns.kind, cell: (b) => BACKUP_KIND_LABELS[b.kind] },
          {
            id: 'size',
            header: t.columns.size,
            align: 'right',
            nowrap: true,
            cell: (b) => formatFileSize(b.size),
          },
          {
            id: 'content',
            header: t.columns.content,
            cell: (b) => t.content(formatNumber(b.rows), formatNumber(b.files)),
          },
          {
            id: 'schema',
            header: t.columns.schema,
            cell: (b) => (
              <>
                {b.schema_version || de.common.none}{' '}
                {b.compatible ? null : (
                  <Tooltip title={b.problem ?? ''}>
                    <Chip size="small" color="warning" label={t.incompatible} />
                  </Tooltip>
                )}
              </>
            ),
          },
          { id: 'created_by', header: t.columns.createdBy, cell: (b) => b.created_by ?? de.common.none },
          {
            id: 'actions',
            header: de.common.actions,
            align: 'right',
            nowrap: true,
            cell: (b) => (
              <>
                <Tooltip title={t.download(b.name)}>
                  <IconButton
                    aria-label={t.download(b.name)}
                    onClick={() => void run(() => downloadBackup(b.name))}
                  >
                    <DownloadIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={b.compatible ? t.restore(b.name) : (b.problem ?? '')}>
                  <span>
                    <IconButton
                      aria-label={t.restore(b.name)}
                      disabled={busy || !b.compatible}
                      onClick={() => setRestoring(b)}
                    >
                      <RestoreIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t.remove(b.name)}>
                  <span>
                    <IconButton aria-label={t.remove(b.name)} disabled={busy} onClick={() => setDeleting(b)}>
                      <DeleteIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            ),
          },
        ]}
      />
      {restoring ? <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        title={t.deleteTitle}
        text={deleting ? t.deleteText(formatDateTime(deleting.created_at)) : ''}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const name = deleting?.name;
          if (name) void run(() => remove.mutateAsync(name), t.deleted).finally(() => setDeleting(null));
        }}
      />
    </Stack>
  );
}

function RunningOperation({ running }: { running: NonNullable<BackupList['running']> }) {
  const percent = running.total > 0 ? Math.round((running.done / running.total) * 100) : null;
  const title = running.kind === 'backup' ? t.running.backup(running.name) : t.running.restore(running.name);
  return (
    <Alert severity="info" icon={false} data-testid="backup-running">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {title}: {t.running.step(BACKUP_PHASE_LABELS[running.phase], running.done, running.total)}
      </Typography>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        aria-label={title}
        sx={{ minWidth: 320 }}
      />
    </Alert>
  );
}

/**
 * When an operation finishes while the page is open (its outcome shows as the alert above the
 * list), a restore reloads every cached query: all data changed under the app.
 */
function useOutcomeNotice(data: BackupList | undefined) {
  const client = useQueryClient();
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!data) return;
    const finished = data.last?.finished_at ?? null;
    if (seen.current === undefined) {
      seen.current = finished;
      return;
    }
    if (finished === seen.current || !data.last) return;
    seen.current = finished;
    if (data.last.kind === 'restore' && data.last.ok) void client.invalidateQueries();
  }, [data, client]);
}
