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
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { archiveQuery, useRestoreArchived } from '../../api/archive';
import { errorMessages } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { ServerPagination } from '../../components/ServerPagination';
import { de } from '../../i18n/de';
import { archiveTexts as t } from '../../i18n/archive';
import { formatDateTime } from '../../lib/format';
import { appStore, useCan, useCurrentCompany } from '../../store/store';

const PER_PAGE_OPTIONS = [25, 50, 100];
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
  const page = Number(search.get('page') ?? 1) || 1;
  const perPage = PER_PAGE_OPTIONS.includes(Number(search.get('per_page')))
    ? Number(search.get('per_page'))
    : PER_PAGE_OPTIONS[0]!;
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
  const meta = list.data?.meta;
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
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isFetching ? <LinearProgress aria-label={de.common.loading} sx={{ mb: 1 }} /> : null}
      {list.isSuccess && rows.length === 0 ? (
        <EmptyState
          icon={<ArchiveIcon />}
          title={filtered ? t.emptyFiltered : t.empty}
          text={filtered ? undefined : t.emptyHint}
        />
      ) : null}
      {rows.length > 0 && meta ? (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t.title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.columns.kind}</TableCell>
                  <TableCell>{t.columns.title}</TableCell>
                  <TableCell>{t.columns.type}</TableCell>
                  <TableCell>{t.columns.year}</TableCell>
                  <TableCell>{t.columns.gemeinde}</TableCell>
                  <TableCell>{t.columns.status}</TableCell>
                  <TableCell>{t.columns.archivedAt}</TableCell>
                  <TableCell align="right">{t.columns.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((i) => (
                  <TableRow key={`${i.kind}-${i.id}`} hover data-testid="archive-row">
                    <TableCell>{t.kind[i.kind]}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word', minWidth: 160 }}>
                      <Link component={RouterLink} to={hrefOf(i)} title={t.open}>
                        {i.title}
                      </Link>
                    </TableCell>
                    <TableCell>{typeLabel(i)}</TableCell>
                    <TableCell>{i.year ?? de.common.none}</TableCell>
                    <TableCell>{i.gemeinde ?? de.common.none}</TableCell>
                    <TableCell>{statusLabel(i)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.archived_at)}</TableCell>
                    <TableCell align="right">
                      {canRestore(i) ? (
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
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ServerPagination
            meta={meta}
            options={PER_PAGE_OPTIONS}
            onPageChange={(p) => set({ page: String(p) })}
            onPerPageChange={(pp) => set({ per_page: String(pp) })}
          />
        </Paper>
      ) : null}
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
