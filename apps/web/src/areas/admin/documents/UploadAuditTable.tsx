import { UPLOAD_SOURCE_LABELS, UPLOAD_STATUS_LABELS, type UploadAuditEntry } from '@gewst/domain';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import { Box, Chip, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { downloadStoredFile, uploadAuditQuery } from '../../../api/documents';
import { errorMessages } from '../../../api/errors';
import { DataTable } from '../../../components/DataTable';
import { documentTexts } from '../../../i18n/documents';
import { formatDateTime } from '../../../lib/format';
import { appStore } from '../../../store/store';
import {
  ADMIN_DOCUMENTS_PAGE_SIZES,
  type AdminDocumentsTableProps,
  formatFileSize,
  UPLOAD_STATUS_COLORS,
  uploadResultText,
  userName,
} from './adminDocuments';

const t = documentTexts.admin;

/** Every upload (also refused ones and duplicates), newest first. */
export function UploadAuditTable({ page, perPage, onPage }: AdminDocumentsTableProps) {
  const trail = useQuery(uploadAuditQuery({ page, per_page: perPage }));

  return (
    <DataTable
      label={t.uploadsTab}
      query={trail}
      rowKey={(entry) => entry.id}
      params={{ page, per_page: perPage }}
      onParamsChange={(p) => onPage(p.page ?? page, p.per_page ?? perPage)}
      perPageOptions={ADMIN_DOCUMENTS_PAGE_SIZES}
      empty={{ icon: <HistoryIcon />, title: t.uploadsEmpty, text: t.uploadsEmptyHint }}
      rowProps={(entry) => ({ 'data-testid': 'upload-audit-row', 'data-status': entry.status })}
      columns={[
        { id: 'time', header: t.columns.time, nowrap: true, cell: (e) => formatDateTime(e.created_at) },
        { id: 'user', header: t.columns.user, cell: (e) => userName(e.uploaded_by) ?? t.systemUser },
        {
          id: 'filename',
          header: t.columns.filename,
          sx: { wordBreak: 'break-word', minWidth: 160 },
          cell: (e) => (
            <>
              {e.filename}
              <Typography variant="caption" color="text.secondary" component="div">
                {formatFileSize(e.size)} · {UPLOAD_SOURCE_LABELS[e.source]}
              </Typography>
            </>
          ),
        },
        { id: 'company', header: t.columns.company, cell: (e) => e.company_name ?? t.noCompany },
        {
          id: 'result',
          header: t.columns.result,
          sx: { minWidth: 180 },
          cell: (e) => <ResultCell entry={e} />,
        },
        { id: 'document', header: t.columns.document, nowrap: true, cell: (e) => <DocumentCell entry={e} /> },
        {
          id: 'download',
          header: t.columns.download,
          align: 'right',
          cell: (e) => <DownloadCell entry={e} />,
        },
      ]}
    />
  );
}

function ResultCell({ entry }: { entry: UploadAuditEntry }) {
  return (
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
  );
}

function DocumentCell({ entry }: { entry: UploadAuditEntry }) {
  if (entry.document_id == null) return <>{t.noDocument}</>;
  return (
    <Link
      component={RouterLink}
      to={`/dokumente/${entry.document_id}`}
      aria-label={t.openDocument(entry.document_id)}
    >
      {t.documentLink(entry.document_id)}
    </Link>
  );
}

function DownloadCell({ entry }: { entry: UploadAuditEntry }) {
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
  return downloadPath ? (
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
  );
}
