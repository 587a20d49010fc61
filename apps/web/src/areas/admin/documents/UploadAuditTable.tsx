import { UPLOAD_SOURCE_LABELS, UPLOAD_STATUS_LABELS, type UploadAuditEntry } from '@gewst/domain';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import {
  Box,
  Chip,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { downloadStoredFile, uploadAuditQuery } from '../../../api/documents';
import { errorMessages } from '../../../api/errors';
import { EmptyState } from '../../../components/EmptyState';
import { ServerPagination } from '../../../components/ServerPagination';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { documentTexts } from '../../../i18n/documents';
import { formatDateTime } from '../../../lib/format';
import { appStore } from '../../../store/store';
import { formatFileSize, UPLOAD_STATUS_COLORS, uploadResultText } from './adminDocuments';

const t = documentTexts.admin;
const PER_PAGE_OPTIONS = [25, 50, 100, 200];

interface Props {
  page: number;
  perPage: number;
  onPage: (page: number, perPage: number) => void;
}

/** Every upload (also refused ones and duplicates), newest first. */
export function UploadAuditTable({ page, perPage, onPage }: Props) {
  const trail = useQuery(uploadAuditQuery({ page, per_page: perPage }));
  const rows = trail.data?.data ?? [];
  const meta = trail.data?.meta;

  return (
    <>
      {trail.isError ? <QueryError error={trail.error} onRetry={() => trail.refetch()} /> : null}
      {trail.isFetching ? <LinearProgress aria-label={de.common.loading} /> : null}
      {trail.isSuccess && rows.length === 0 ? (
        <EmptyState icon={<HistoryIcon />} title={t.uploadsEmpty} text={t.uploadsEmptyHint} />
      ) : null}
      {rows.length > 0 && meta ? (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t.uploadsTab}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.columns.time}</TableCell>
                  <TableCell>{t.columns.user}</TableCell>
                  <TableCell>{t.columns.filename}</TableCell>
                  <TableCell>{t.columns.company}</TableCell>
                  <TableCell>{t.columns.result}</TableCell>
                  <TableCell>{t.columns.document}</TableCell>
                  <TableCell align="right">{t.columns.download}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((entry) => (
                  <UploadRow key={entry.id} entry={entry} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ServerPagination
            meta={meta}
            options={PER_PAGE_OPTIONS}
            onPageChange={(page) => onPage(page, meta.per_page)}
            onPerPageChange={(perPage) => onPage(1, perPage)}
          />
        </Paper>
      ) : null}
    </>
  );
}

function UploadRow({ entry }: { entry: UploadAuditEntry }) {
  const [busy, setBusy] = useState(false);
  const downloadPath = entry.download_path;
  const download = async () => {
    if (!downloadPath) return;
    setBusy(true);
    try {
      await downloadStoredFile(downloadPath, entry.filename);
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  const user = entry.uploaded_by;
  return (
    <TableRow hover data-testid="upload-audit-row" data-status={entry.status}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
      <TableCell>
        {user
          ? user.name && user.name !== user.username
            ? `${user.username} (${user.name})`
            : user.username
          : t.systemUser}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-word', minWidth: 160 }}>
        {entry.filename}
        <Typography variant="caption" color="text.secondary" component="div">
          {formatFileSize(entry.size)} · {UPLOAD_SOURCE_LABELS[entry.source]}
        </Typography>
      </TableCell>
      <TableCell>{entry.company_name ?? t.noCompany}</TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
          <Chip
            size="small"
            color={UPLOAD_STATUS_COLORS[entry.status]}
            label={UPLOAD_STATUS_LABELS[entry.status]}
            data-testid="upload-status-chip"
            aria-label={uploadResultText(entry)}
          />
          {entry.reason ? (
            <Typography variant="caption" color="text.secondary">
              {entry.reason}
            </Typography>
          ) : null}
        </Box>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {entry.document_id != null ? (
          <Link
            component={RouterLink}
            to={`/dokumente/${entry.document_id}`}
            aria-label={t.openDocument(entry.document_id)}
          >
            {t.documentLink(entry.document_id)}
          </Link>
        ) : (
          t.noDocument
        )}
      </TableCell>
      <TableCell align="right">
        {downloadPath ? (
          <Tooltip title={t.download}>
            <IconButton
              size="small"
              aria-label={t.downloadFile(entry.filename)}
              onClick={() => void download()}
              loading={busy}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t.notStored}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
