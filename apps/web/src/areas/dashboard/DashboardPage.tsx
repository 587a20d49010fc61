import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type DocumentListItem,
  type DocumentSortField,
  type DocumentStatus,
} from '@gewst/domain';
import InboxIcon from '@mui/icons-material/Inbox';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { documentListQuery, documentStatsQuery } from '../../api/documents';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { de } from '../../i18n/de';
import { documentTexts as t } from '../../i18n/documents';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { appStore, useAppState, useCan, useCurrentCompany } from '../../store/store';
import { DocumentStatusChip } from '../documents/DocumentStatusChip';
import { ApprovalTile } from '../bookings/ApprovalTile';
import { ExportFailedTile } from '../bookings/ExportFailedTile';
import { DueTiles } from '../payment-data/DueTiles';
import { type DueFilter, inboxListParams, nextSort, typeFilter } from './listParams';
import { UploadDropZone } from './UploadDropZone';

export default function DashboardPage() {
  const company = useCurrentCompany();
  const canUpload = useCan('addPaymentData');
  const navigate = useNavigate();
  const type = typeFilter(useAppState((s) => s.dashboardFilter));
  const [status, setStatus] = useState<DocumentStatus | ''>('');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [due, setDue] = useState<DueFilter>('');
  const [dueUntil, setDueUntil] = useState('');
  const [sort, setSort] = useState<{ orderBy: DocumentSortField; orderDirection: 'asc' | 'desc' }>({
    orderBy: 'created_at',
    orderDirection: 'desc',
  });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);

  const companyId = company?.id ?? 0;
  const params = inboxListParams({
    companyId,
    type,
    status,
    search: deferredSearch,
    due,
    dueUntil,
    ...sort,
    page,
    perPage,
  });
  const list = useQuery({ ...documentListQuery(params), enabled: company != null });
  const stats = useQuery({ ...documentStatsQuery(companyId), enabled: company != null });

  if (!company) {
    return (
      <>
        <PageHeader title={de.dashboard.title} />
        <EmptyState icon={<InboxIcon />} title={de.dashboard.noCompany} text={de.dashboard.noCompanyHint} />
      </>
    );
  }

  const rows = list.data?.data ?? [];
  const filtered = Boolean(type || status || deferredSearch.trim() || due);
  const resetPage = () => setPage(0);

  const header = (field: DocumentSortField, label: string, align?: 'right') => (
    <TableCell sortDirection={sort.orderBy === field ? sort.orderDirection : false} align={align}>
      <TableSortLabel
        active={sort.orderBy === field}
        direction={sort.orderBy === field ? sort.orderDirection : 'asc'}
        onClick={() => {
          setSort(nextSort(sort, field));
          resetPage();
        }}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  const tile = (
    label: string,
    value: number | undefined,
    active: boolean,
    onClick: () => void,
    testId: string,
  ) => (
    <Card variant="outlined" sx={{ flex: '1 1 160px', borderColor: active ? 'primary.main' : undefined }}>
      <CardActionArea onClick={onClick} aria-pressed={active} data-testid={testId} sx={{ height: '100%' }}>
        <CardContent sx={{ py: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p">
            {value ?? '–'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );

  return (
    <>
      <PageHeader title={`${t.inbox.title} – ${company.name}`} />
      {/* One row: payment tiles (amounts, link to Zahlungsdaten), then the inbox filter tiles (documents). */}
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 2 }}
        data-testid="dashboard-tiles"
      >
        <DueTiles />
        <ApprovalTile />
        <ExportFailedTile />
        {tile(
          t.inbox.tiles.toReview,
          stats.data?.by_status.zu_pruefen,
          status === 'zu_pruefen',
          () => {
            setStatus(status === 'zu_pruefen' ? '' : 'zu_pruefen');
            resetPage();
          },
          'tile-to-review',
        )}
        {tile(
          t.inbox.tiles.overdue,
          stats.data?.overdue,
          due === 'overdue',
          () => {
            setDue(due === 'overdue' ? '' : 'overdue');
            resetPage();
          },
          'tile-overdue',
        )}
        {tile(
          t.inbox.tiles.dueSoon,
          stats.data?.due_soon,
          due === 'soon',
          () => {
            setDue(due === 'soon' ? '' : 'soon');
            resetPage();
          },
          'tile-due-soon',
        )}
        {tile(
          t.inbox.tiles.errors,
          stats.data?.by_status.fehler,
          status === 'fehler',
          () => {
            setStatus(status === 'fehler' ? '' : 'fehler');
            resetPage();
          },
          'tile-errors',
        )}
      </Stack>

      {canUpload ? (
        <Box sx={{ mb: 2 }}>
          <UploadDropZone companyId={company.id} />
        </Box>
      ) : null}

      <Box
        role="group"
        aria-label={t.inbox.typeFilter}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <Chip
          label={`${t.inbox.allTypes} (${stats.data?.total ?? '…'})`}
          color={type == null ? 'primary' : 'default'}
          variant={type == null ? 'filled' : 'outlined'}
          onClick={() => {
            appStore.setDashboardFilter(null);
            resetPage();
          }}
          aria-pressed={type == null}
        />
        {DOCUMENT_TYPES.map((key) => (
          <Chip
            key={key}
            label={`${DOCUMENT_TYPE_LABELS[key]} (${stats.data?.by_type[key] ?? 0})`}
            color={type === key ? 'primary' : 'default'}
            variant={type === key ? 'filled' : 'outlined'}
            onClick={() => {
              // choosing the active chip again switches the filter off (seed §4)
              appStore.setDashboardFilter(key);
              resetPage();
            }}
            aria-pressed={type === key}
            data-testid={`type-chip-${key}`}
          />
        ))}
      </Box>

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          label={t.inbox.search}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            resetPage();
          }}
          size="small"
          type="search"
          sx={{ flex: '1 1 320px' }}
        />
        <TextField
          select
          label={t.inbox.columns.status}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DocumentStatus | '');
            resetPage();
          }}
          size="small"
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t.inbox.dueAll}</MenuItem>
          {DOCUMENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {DOCUMENT_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t.inbox.due}
          value={due}
          onChange={(e) => {
            setDue(e.target.value as DueFilter);
            resetPage();
          }}
          size="small"
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t.inbox.dueAll}</MenuItem>
          <MenuItem value="overdue">{t.inbox.dueOverdue}</MenuItem>
          <MenuItem value="soon">{t.inbox.dueSoon}</MenuItem>
          <MenuItem value="any">{t.inbox.dueAny}</MenuItem>
          <MenuItem value="until">{t.inbox.dueUntil} …</MenuItem>
        </TextField>
        {due === 'until' ? (
          <TextField
            type="date"
            label={t.inbox.dueUntil}
            value={dueUntil}
            onChange={(e) => {
              setDueUntil(e.target.value);
              resetPage();
            }}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ) : null}
      </Box>

      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <Paper variant="outlined">
        {list.isFetching ? <LinearProgress aria-label={de.common.loading} /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label={t.inbox.title}>
            <TableHead>
              <TableRow>
                {header('status', t.inbox.columns.status)}
                {header('type', t.inbox.columns.type)}
                {header('filename', t.inbox.columns.filename)}
                {header('gemeinde', t.inbox.columns.municipality)}
                {header('erhebungszeitraum', t.inbox.columns.year)}
                <TableCell align="right">{t.inbox.columns.amount}</TableCell>
                {header('dueDate', t.inbox.columns.dueDate)}
                {header('created_at', t.inbox.columns.uploaded)}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <InboxRow key={row.id} row={row} onOpen={() => navigate(`/dokumente/${row.id}`)} />
              ))}
              {rows.length === 0 && !list.isFetching && !list.isError ? (
                <TableRow>
                  <TableCell colSpan={8} sx={{ py: 4, textAlign: 'center' }}>
                    <Typography>{filtered ? t.inbox.emptyFiltered : t.inbox.empty}</Typography>
                    {filtered ? null : (
                      <Typography variant="body2" color="text.secondary">
                        {t.inbox.emptyHint}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.meta.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={perPage}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            resetPage();
          }}
          rowsPerPageOptions={[25, 50, 100]}
        />
      </Paper>
      {stats.isError ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {de.common.loadFailed}
        </Alert>
      ) : null}
    </>
  );
}

function InboxRow({ row, onOpen }: { row: DocumentListItem; onOpen: () => void }) {
  return (
    <TableRow hover sx={{ cursor: 'pointer' }} onClick={onOpen} data-testid="inbox-row" data-id={row.id}>
      <TableCell>
        <DocumentStatusChip status={row.status} error={row.error} checkCounts={row.check_counts} />
      </TableCell>
      <TableCell>{row.type ? DOCUMENT_TYPE_LABELS[row.type] : t.inbox.unclassified}</TableCell>
      <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        <RouterLink to={`/dokumente/${row.id}`} onClick={(e) => e.stopPropagation()} title={row.filename}>
          {row.filename}
        </RouterLink>
      </TableCell>
      <TableCell>{row.gemeinde ?? ''}</TableCell>
      <TableCell>{row.erhebungszeitraum ?? ''}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.amount)}
      </TableCell>
      <TableCell>
        {row.dueDate ? (
          <Tooltip title={row.dueText ?? ''}>
            <Box>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(row.dueDate)}
              </Box>
              {row.dueText ? (
                <Typography
                  variant="caption"
                  component="div"
                  color="text.secondary"
                  sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {row.dueText}
                </Typography>
              ) : null}
            </Box>
          </Tooltip>
        ) : null}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</TableCell>
    </TableRow>
  );
}
