import type { ZerlegungDetail } from '@gewst/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessages } from '../../api/errors';
import { downloadZerlegung, useDeleteZerlegung, zerlegungQuery } from '../../api/zerlegung';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { de } from '../../i18n/de';
import { deZerlegung } from '../../i18n/zerlegung';
import { formatDateTime, formatMoney } from '../../lib/format';
import { appStore, useCurrentCompany } from '../../store/store';
import { draftFromDetail, emptyLine, type ZerlegungDraft } from './lines';
import { ZerlegungEditor } from './ZerlegungEditor';
import { ZerlegungResultTable } from './ZerlegungResultTable';

const t = deZerlegung.view;

function CreateZerlegung() {
  const navigate = useNavigate();
  const company = useCurrentCompany();
  const initial: ZerlegungDraft = {
    company_id: company?.id ?? null,
    year: String(new Date().getFullYear() - 1),
    messbetrag: '',
    schluessel: 'arbeitslohn',
    bemerkung: '',
    zeilen: [emptyLine(true)],
  };
  return (
    <>
      <PageHeader title={de.screens.zerlegungCreate} />
      <ZerlegungEditor
        initial={initial}
        zerlegungId={null}
        onSaved={(d) => navigate(`/gewst-zerlegung/${d.id}`, { replace: true })}
        onCancel={() => navigate('/gewst-zerlegung')}
      />
    </>
  );
}

function ZerlegungView({ detail, onVersion }: { detail: ZerlegungDetail; onVersion: (v: number) => void }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);
  const remove = useDeleteZerlegung();

  const exportFile = async (kind: 'xlsx' | 'pdf') => {
    setExporting(kind);
    try {
      await downloadZerlegung(detail, kind);
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    } finally {
      setExporting(null);
    }
  };
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(detail.id);
      appStore.showSnackbar(t.deleted);
      navigate('/gewst-zerlegung');
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
      setDeleting(false);
    }
  };

  const title = `${de.screens.zerlegungView}: ${detail.company_name} ${detail.year}`;
  if (editing) {
    return (
      <>
        <PageHeader title={title} />
        <ZerlegungEditor
          initial={draftFromDetail(detail)}
          zerlegungId={detail.id}
          onSaved={(d) => {
            setEditing(false);
            onVersion(d.version);
          }}
          onCancel={() => setEditing(false)}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button startIcon={<EditIcon />} variant="contained" onClick={() => setEditing(true)}>
              {t.edit}
            </Button>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => exportFile('xlsx')}
              loading={exporting === 'xlsx'}
            >
              {t.exportXlsx}
            </Button>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => exportFile('pdf')}
              loading={exporting === 'pdf'}
            >
              {t.exportPdf}
            </Button>
            <Button startIcon={<DeleteIcon />} color="error" onClick={() => setDeleting(true)}>
              {t.delete}
            </Button>
          </Box>
        }
      />
      <Stack spacing={2}>
        <Paper
          variant="outlined"
          sx={{ p: 2, display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <span>
            {deZerlegung.list.schluessel}: <strong>{deZerlegung.schluessel[detail.result.schluessel]}</strong>
          </span>
          <span>
            {deZerlegung.list.messbetrag}: <strong>{formatMoney(detail.result.messbetrag)}</strong>
          </span>
          <TextField
            select
            size="small"
            label={t.version}
            value={detail.version}
            onChange={(e) => onVersion(Number(e.target.value))}
            sx={{ minWidth: 320 }}
          >
            {detail.versions.map((v) => (
              <MenuItem key={v.version} value={v.version}>
                {t.versionOf(v.version, formatDateTime(v.created_at), v.created_by_name ?? v.created_by)}
                {v.version === detail.current_version ? ` – ${t.current}` : ''}
              </MenuItem>
            ))}
          </TextField>
          {detail.bemerkung ? <span>{detail.bemerkung}</span> : null}
        </Paper>
        <Typography component="h2" variant="h6">
          {t.result}
        </Typography>
        <ZerlegungResultTable
          result={detail.result}
          label={t.result}
          vergleich={detail.vergleich}
          nameOf={(i, ags) => detail.zeilen[i]?.name || ags}
        />
        {detail.result.hinweise.length > 0 ? (
          <Alert severity="info">
            {t.notes}: {detail.result.hinweise.join(' ')}
          </Alert>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={deleting}
        title={t.deleteTitle}
        text={t.deleteText}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </>
  );
}

function ExistingZerlegung({ id }: { id: number }) {
  const [version, setVersion] = useState<number | undefined>(undefined);
  const query = useQuery(zerlegungQuery(id, version));
  if (query.isPending) return <LinearProgress aria-label={de.common.loading} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <EmptyState title={t.notFound} />;
    return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  }
  return (
    <ZerlegungView
      key={`${query.data.id}-${query.data.version}`}
      detail={query.data}
      onVersion={(v) => setVersion(v === query.data.current_version ? undefined : v)}
    />
  );
}

/** /gewst-zerlegung/neu (create = true) and /gewst-zerlegung/:id. */
export default function ZerlegungViewPage({ id, create = false }: { id?: string; create?: boolean }) {
  if (create) return <CreateZerlegung />;
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <EmptyState title={t.notFound} />;
  return <ExistingZerlegung id={numeric} />;
}
