import {
  ARCHIVE_KINDS,
  type ArchiveItem,
  type ArchiveKind,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  type DocumentStatus,
  type DocumentType,
  SESSION_STATUS_LABELS,
  SESSION_TYPE_LABELS,
  type SessionStatus,
  type SessionType,
} from '@gewst/domain';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import { Alert, Box, Button, Link, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { archiveQuery, useRestoreArchived } from '../../api/archive';
import { errorMessages } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, useTableParams } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { de } from '../../i18n/de';
import { archiveTexts as t } from '../../i18n/archive';
import { formatDateTime } from '../../lib/format';
import { appStore, useCan, useCurrentCompany } from '../../store/store';

const TABLE = { perPage: 25, perPageOptions: [25, 50, 100] } as const;
const isKind = (v: string | null): v is ArchiveKind => ARCHIVE_KINDS.includes(v as ArchiveKind);

const typeLabel = (i: ArchiveItem) =>
  i.kind === 'dokument'
    ? i.type
      ? (DOCUMENT_TYPE_LABELS[i.type as DocumentType] ?? i.type)
      : t.unclassified
    : (SESSION_TYPE_LABELS[i.type as SessionType] ?? i.type ?? '');
const statusLabel = (i: ArchiveItem) =>
  i.kind === 'dokument'
    ? (DOCUMENT_STATUS_LABELS[i.status as DocumentStatus] ?? i.status)
    : (SESSION_STATUS_LABELS[i.status as SessionStatus] ?? i.status);
const hrefOf = (i: ArchiveItem) => (i.kind === 'dokument' ? `/dokumente/${i.id}` : `/buchungen/${i.id}`);

/**
 * The archive: archived documents and booking sessions of the current company in one
 * searchable, paged list (filters in the URL); each opens read-only and can be restored
 * after a confirmation.
 */
export default function ArchivePage() {
  const company = useCurrentCompany();
  const [search, setSearch] = useSearchParams();
  const canRestoreDocument = useCan('addPaymentData');
  const canRestoreSession = useCan('closeBiSessionsGenerateReports');
  const [text, setText] = useState(search.get('q') ?? '');
  const [pending, setPending] = useState<ArchiveItem | null>(null);
  const restore = useRestoreArchived();

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };
  const kind = isKind(search.get('art')) ? (search.get('art') as ArchiveKind) : undefined;
  const table = useTableParams(TABLE);
  const { page, per_page: perPage } = table.params;
  const params = {
    company_id: company?.id ?? 0,
    kind,
    year: search.get('jahr') ?? undefined,
    ags: search.get('ags') ?? undefined,
    q: search.get('q') ?? undefined,
    page,
    per_page: perPage,
  };
  const list = useQuery({ ...archiveQuery(params), enabled: company != null });

  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const rows = list.data?.data ?? [];
  const facets = list.data?.facets;
  const filtered = Boolean(kind || params.year || params.ags || params.q);
  const canRestore = (i: ArchiveItem) => (i.kind === 'dokument' ? canRestoreDocument : canRestoreSession);

  const confirmRestore = () => {
    const item = pending;
    if (!item) return;
    restore.mutate(
      { kind: item.kind, id: item.id },
      {
        onSuccess: () => {
          appStore.showSnackbar(t.restored(item.title), 'success');
          setPending(null);
          if (rows.length === 1 && page > 1) set({ page: String(page - 1) });
        },
        onError: (error) => {
          appStore.showSnackbar(errorMessages(error), 'error');
          setPending(null);
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={`${t.title} – ${company.name}`} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro(company.name)}
      </Typography>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: text.trim() });
        }}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}
      >
        <TextField
          select
          size="small"
          label={t.filters.kind}
          value={kind ?? ''}
          onChange={(e) => set({ art: e.target.value })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t.filters.all}</MenuItem>
          {ARCHIVE_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t.kinds[k]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t.filters.year}
          value={search.get('jahr') ?? ''}
          onChange={(e) => set({ jahr: e.target.value })}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">{t.filters.all}</MenuItem>
          {(facets?.years ?? []).map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
          {params.year && !facets?.years.includes(Number(params.year)) ? (
            <MenuItem value={params.year}>{params.year}</MenuItem>
          ) : null}
        </TextField>
        <TextField
          select
          size="small"
          label={t.filters.gemeinde}
          value={params.ags ?? ''}
          onChange={(e) => set({ ags: e.target.value })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t.filters.all}</MenuItem>
          {(facets?.gemeinden ?? []).map((g) => (
            <MenuItem key={g.ags} value={g.ags}>
              {g.name} ({g.ags})
            </MenuItem>
          ))}
          {params.ags && !facets?.gemeinden.some((g) => g.ags === params.ags) ? (
            <MenuItem value={params.ags}>{params.ags}</MenuItem>
          ) : null}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t.filters.search}
          helperText={t.filters.searchHint}
          value={text}
          onChange={(e) => setText(e.target.value)}
          // The select filters carry hidden inputs, so a form's implicit submission does not fire on Enter.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              set({ q: text.trim() });
            }
          }}
          onBlur={() => {
            if (text.trim() !== (params.q ?? '')) set({ q: text.trim() });
          }}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
        />
      </Box>
      <DataTable
        label={t.title}
        query={list}
        rowKey={(i) => `${i.kind}-${i.id}`}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        rowProps={() => ({ 'data-testid': 'archive-row' })}
        empty={{
          icon: <ArchiveIcon />,
          title: filtered ? t.emptyFiltered : t.empty,
          text: filtered ? undefined : t.emptyHint,
        }}
        columns={[
          { id: 'kind', header: t.columns.kind, cell: (i) => t.kind[i.kind] },
          {
            id: 'title',
            header: t.columns.title,
            sx: { wordBreak: 'break-word', minWidth: 160 },
            cell: (i) => (
              <Link component={RouterLink} to={hrefOf(i)} title={t.open}>
                {i.title}
              </Link>
            ),
          },
          { id: 'type', header: t.columns.type, cell: (i) => typeLabel(i) },
          { id: 'year', header: t.columns.year, cell: (i) => i.year ?? de.common.none },
          { id: 'gemeinde', header: t.columns.gemeinde, cell: (i) => i.gemeinde ?? de.common.none },
          { id: 'status', header: t.columns.status, cell: (i) => statusLabel(i) },
          {
            id: 'archived_at',
            header: t.columns.archivedAt,
            nowrap: true,
            cell: (i) => formatDateTime(i.archived_at),
          },
          {
            id: 'actions',
            header: t.columns.actions,
            align: 'right',
            cell: (i) =>
              canRestore(i) ? (
                <Button
                  size="small"
                  startIcon={<UnarchiveIcon />}
                  aria-label={`${t.restore}: ${i.title}`}
                  onClick={() => setPending(i)}
                  disabled={restore.isPending}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t.restore}
                </Button>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        open={pending != null}
        title={pending ? t.confirmTitle(pending.title) : ''}
        text={pending?.kind === 'stapel' ? t.confirmSession : t.confirmDocument}
        confirmLabel={t.restore}
        destructive={false}
        busy={restore.isPending}
        onConfirm={confirmRestore}
        onClose={() => setPending(null)}
      />
    </>
  );
}
