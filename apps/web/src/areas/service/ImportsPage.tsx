import {
  DOCUMENT_STATUS_LABELS,
  IMPORT_RESULT_LABELS,
  IMPORT_RESULTS,
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  type ImportBatch,
  type ImportFile,
  UPLOAD_STATUS_LABELS,
} from '@gewst/domain';
import DownloadIcon from '@mui/icons-material/Download';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Chip, IconButton, Link, MenuItem, Paper, TextField, Tooltip } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessages } from '../../api/errors';
import {
  downloadImportFile,
  importBatchQuery,
  importKeys,
  type ImportsParams,
  importsQuery,
  reprocessImportBatch,
} from '../../api/imports';
import { DataTable, loadedRows, type RowKey } from '../../components/DataTable';
import { QueryError } from '../../components/QueryState';
import { de } from '../../i18n/de';
import { serviceTexts } from '../../i18n/service';
import { formatDateTime } from '../../lib/format';
import { appStore } from '../../store/store';
import { importsParamsFromSearch, importsParamsToSearch } from './imports/importFilters';

const t = serviceTexts.imports;
const PER_PAGE_OPTIONS = [25, 50, 100, 200];

/** Service → Importe: every upload action and import-folder run with the result of each file. */
export default function ImportsPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => importsParamsFromSearch(search), [search]);
  const batches = useQuery(importsQuery(params));
  const [expanded, setExpanded] = useState<ReadonlySet<RowKey>>(new Set());

  const update = (patch: Partial<ImportsParams>, resetPage = true) =>
    setSearch(importsParamsToSearch({ ...params, ...(resetPage ? { page: 1 } : {}), ...patch }), {
      replace: true,
    });
  const toggle = (id: RowKey) =>
    setExpanded((open) => new Set(open.has(id) ? [...open].filter((k) => k !== id) : [...open, id]));
  const filtered = !!(params.source || params.result || params.from || params.to);

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          role="search"
          aria-label={t.filters}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
        >
          <TextField
            select
            size="small"
            label={t.source}
            value={params.source ?? ''}
            onChange={(event) => update({ source: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t.allSources}</MenuItem>
            {IMPORT_SOURCES.map((s) => (
              <MenuItem key={s} value={s}>
                {IMPORT_SOURCE_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t.result}
            value={params.result ?? ''}
            onChange={(event) => update({ result: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t.allResults}</MenuItem>
            {IMPORT_RESULTS.map((r) => (
              <MenuItem key={r} value={r}>
                {IMPORT_RESULT_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <DateFilter label={t.from} value={params.from} onChange={(from) => update({ from })} />
          <DateFilter label={t.to} value={params.to} onChange={(to) => update({ to })} />
          {filtered ? (
            <Button onClick={() => setSearch(importsParamsToSearch({ page: 1, per_page: params.per_page }))}>
              {t.resetFilters}
            </Button>
          ) : null}
        </Box>
      </Paper>

      <DataTable
        label={de.screens.serviceImports}
        query={batches}
        rowKey={(b) => b.id}
        params={params}
        onParamsChange={(patch) => update(patch, false)}
        perPageOptions={PER_PAGE_OPTIONS}
        empty={filtered ? { title: t.emptyFiltered } : { title: t.empty, text: t.emptyText }}
        detail={{ render: (b) => <BatchFiles batch={b} />, expanded, onToggle: toggle }}
        rowProps={(b) => ({ 'data-testid': `import-batch-${b.id}` })}
        columns={[
          {
            id: 'created_at',
            header: t.columns.time,
            cell: (b) => formatDateTime(b.created_at),
            nowrap: true,
          },
          { id: 'source', header: t.columns.source, cell: (b) => IMPORT_SOURCE_LABELS[b.source] },
          { id: 'company', header: t.columns.company, cell: (b) => b.company_name ?? de.common.none },
          {
            id: 'user',
            header: t.columns.user,
            cell: (b) => b.created_by?.name ?? (b.source === 'import' ? t.system : de.common.none),
          },
          { id: 'files', header: t.columns.files, align: 'right', cell: (b) => b.counts.files },
          { id: 'stored', header: t.columns.stored, align: 'right', cell: (b) => b.counts.stored },
          { id: 'duplicate', header: t.columns.duplicate, align: 'right', cell: (b) => b.counts.duplicate },
          { id: 'refused', header: t.columns.refused, align: 'right', cell: (b) => b.counts.refused },
          {
            id: 'failed',
            header: t.columns.failed,
            align: 'right',
            cell: (b) =>
              b.counts.failed ? <Chip size="small" color="error" label={b.counts.failed} /> : b.counts.failed,
          },
          {
            id: 'processing',
            header: t.columns.processing,
            align: 'right',
            cell: (b) => b.counts.processing,
          },
        ]}
      />
    </>
  );
}

function DateFilter(props: { label: string; value: string | undefined; onChange: (v?: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value || undefined)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

const resultColor = { stored: 'success', duplicate: 'info', refused: 'warning' } as const;

/** A batch's files with their result and the document's processing status now. */
function BatchFiles({ batch }: { batch: ImportBatch }) {
  const queryClient = useQueryClient();
  const detail = useQuery(importBatchQuery(batch.id));
  const [busy, setBusy] = useState(false);

  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  const failed = detail.data?.counts.failed ?? batch.counts.failed;

  const reprocess = async () => {
    setBusy(true);
    try {
      const result = await reprocessImportBatch(batch.id);
      appStore.showSnackbar(t.reprocessed(result.document_ids.length));
      await queryClient.invalidateQueries({ queryKey: importKeys.all });
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  const download = (file: ImportFile) =>
    downloadImportFile(file.download_path!, file.filename).catch(() =>
      appStore.showSnackbar(t.downloadFailed, 'error'),
    );

  return (
    <>
      {failed > 0 ? (
        <Button
          startIcon={<ReplayIcon />}
          variant="outlined"
          size="small"
          disabled={busy}
          onClick={() => void reprocess()}
          sx={{ mb: 1 }}
        >
          {t.reprocess(failed)}
        </Button>
      ) : null}
      <DataTable
        label={t.filesLabel(batch.id)}
        size="small"
        query={detail.data ? loadedRows(detail.data.files) : { ...detail, data: undefined }}
        rowKey={(f) => f.id}
        empty={{ title: t.noFiles }}
        rowProps={(f) => ({ 'data-testid': `import-file-${f.id}`, 'data-result': f.result })}
        columns={[
          { id: 'filename', header: t.file.name, cell: (f) => f.filename },
          {
            id: 'result',
            header: t.file.result,
            cell: (f) => (
              <Chip size="small" color={resultColor[f.result]} label={UPLOAD_STATUS_LABELS[f.result]} />
            ),
          },
          {
            id: 'document',
            header: t.file.document,
            cell: (f) =>
              f.document_id ? (
                <Link
                  component={RouterLink}
                  to={`/dokumente/${f.document_id}`}
                  aria-label={t.openDocument(f.document_id)}
                >
                  {f.document_filename ?? f.document_id}
                </Link>
              ) : (
                de.common.none
              ),
          },
          {
            id: 'status',
            header: t.file.status,
            cell: (f) =>
              f.document_status ? (
                <Tooltip title={f.document_error ?? ''}>
                  <span>{DOCUMENT_STATUS_LABELS[f.document_status]}</span>
                </Tooltip>
              ) : (
                de.common.none
              ),
          },
          { id: 'reason', header: t.file.reason, cell: (f) => f.reason ?? de.common.none },
          {
            id: 'download',
            header: t.file.download,
            align: 'center',
            cell: (f) =>
              f.download_path ? (
                <IconButton
                  size="small"
                  aria-label={t.downloadFile(f.filename)}
                  onClick={() => void download(f)}
                >
                  <DownloadIcon fontSize="small" />
                </IconButton>
              ) : (
                t.notStored
              ),
          },
        ]}
      />
    </>
  );
}
