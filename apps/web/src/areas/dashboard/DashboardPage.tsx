import {
  DOCUMENT_FIELD_LABELS,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type DocumentListItem,
} from '@gewst/domain';
import InboxIcon from '@mui/icons-material/Inbox';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { documentListQuery, documentStatsQuery } from '../../api/documents';
import { type DataColumn, DataTable, useTableParams } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { DateField } from '../../components/form/DateField';
import { PageHeader } from '../../components/PageHeader';
import { useSearchFilter } from '../../components/useSearchFilter';
import { de } from '../../i18n/de';
import { documentTexts as t } from '../../i18n/documents';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useCan, useCurrentCompany } from '../../store/store';
import { DocumentStatusChip } from '../documents/DocumentStatusChip';
import { ApprovalTile } from '../bookings/ApprovalTile';
import { ExportFailedTile } from '../bookings/ExportFailedTile';
import { DueTiles } from '../payment-data/DueTiles';
import {
  type DueFilter,
  INBOX_KEYS,
  INBOX_TABLE,
  type InboxFilters,
  inboxListParams,
  isCompleteDay,
  readInboxFilters,
  writeInboxFilter,
} from './listParams';
import { UploadDropZone } from './UploadDropZone';

export default function DashboardPage() {
  const company = useCurrentCompany();
  const canUpload = useCan('addPaymentData');
  const navigate = useNavigate();
  // every filter, the page and the sort live in the address: back and reload keep them
  const [address, setAddress] = useSearchParams();
  const filters = readInboxFilters(address);
  const { type, status, due, dueUntil } = filters;
  const text = useSearchFilter(INBOX_KEYS.search);
  const table = useTableParams(INBOX_TABLE);
  const setFilter = (key: keyof InboxFilters, value: string | null) =>
    setAddress((current) => writeInboxFilter(current, key, value), { replace: true });

  const companyId = company?.id ?? 0;
  const params = inboxListParams(companyId, filters, table.params);
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

  const filtered = Boolean(type || status || filters.search || due);

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

  // Fixed column widths (the file name and the municipality share the rest, cut with "…"):
  // no file name, municipality or type can widen the table past its box (1108 px least; the
  // box is 1142 px at 1440; narrower windows scroll the table inside its box, not the page).
  const columns: DataColumn<DocumentListItem>[] = [
    {
      id: 'status',
      header: t.inbox.columns.status,
      sortable: true,
      width: 160,
      cell: (row) => (
        <DocumentStatusChip
          status={row.status}
          error={row.error}
          checkCounts={row.check_counts}
          progress={row.progress}
        />
      ),
    },
    {
      id: 'type',
      header: t.inbox.columns.type,
      sortable: true,
      width: 190,
      // long compound type names are hyphenated (lang="de") where the browser can
      sx: { hyphens: 'auto' },
      cell: (row) => (row.type ? DOCUMENT_TYPE_LABELS[row.type] : t.inbox.unclassified),
    },
    {
      id: 'filename',
      header: t.inbox.columns.filename,
      sortable: true,
      minWidth: 140,
      ellipsis: (row) => row.filename,
      cell: (row) => <RouterLink to={`/dokumente/${row.id}`}>{row.filename}</RouterLink>,
    },
    {
      id: 'gemeinde',
      header: t.inbox.columns.municipality,
      sortable: true,
      minWidth: 110,
      ellipsis: (row) => row.gemeinde,
      cell: (row) => row.gemeinde ?? '',
    },
    {
      id: 'erhebungszeitraum',
      header: t.inbox.columns.year,
      sortable: true,
      width: 72,
      cell: (row) => row.erhebungszeitraum ?? '',
    },
    {
      id: 'amount',
      header: t.inbox.columns.amount,
      align: 'right',
      width: 130,
      cell: (row) => <AmountCell row={row} />,
    },
    {
      id: 'dueDate',
      header: t.inbox.columns.dueDate,
      sortable: true,
      width: 156,
      cell: (row) => <DueCell row={row} />,
    },
    {
      id: 'created_at',
      header: t.inbox.columns.uploaded,
      sortable: true,
      nowrap: true,
      width: 150,
      cell: (row) => formatDateTime(row.created_at),
    },
  ];

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
          () => setFilter('status', status === 'zu_pruefen' ? null : 'zu_pruefen'),
          'tile-to-review',
        )}
        {tile(
          t.inbox.tiles.overdue,
          stats.data?.overdue,
          due === 'overdue',
          () => setFilter('due', due === 'overdue' ? null : 'overdue'),
          'tile-overdue',
        )}
        {tile(
          t.inbox.tiles.dueSoon,
          stats.data?.due_soon,
          due === 'soon',
          () => setFilter('due', due === 'soon' ? null : 'soon'),
          'tile-due-soon',
        )}
        {tile(
          t.inbox.tiles.errors,
          stats.data?.by_status.fehler,
          status === 'fehler',
          () => setFilter('status', status === 'fehler' ? null : 'fehler'),
          'tile-errors',
        )}
      </Stack>

      {canUpload ? (
        <Box sx={{ mb: 2 }}>
          <UploadDropZone companyId={company.id} />
        </Box>
      ) : null}

      <DataTable
        label={t.inbox.title}
        query={list}
        rowKey={(row) => row.id}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        onRowClick={(row) => navigate(`/dokumente/${row.id}`)}
        rowProps={(row) => ({ 'data-testid': 'inbox-row', 'data-id': row.id })}
        empty={
          filtered
            ? { title: t.inbox.emptyFiltered }
            : { title: t.inbox.empty, text: t.inbox.emptyHint, icon: <InboxIcon /> }
        }
        columns={columns}
        toolbar={
          <>
            <Box
              role="group"
              aria-label={t.inbox.typeFilter}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
            >
              <Chip
                label={`${t.inbox.allTypes} (${stats.data?.total ?? '…'})`}
                color={type == null ? 'primary' : 'default'}
                variant={type == null ? 'filled' : 'outlined'}
                onClick={() => setFilter('type', null)}
                aria-pressed={type == null}
              />
              {DOCUMENT_TYPES.map((key) => (
                <Chip
                  key={key}
                  label={`${DOCUMENT_TYPE_LABELS[key]} (${stats.data?.by_type[key] ?? 0})`}
                  color={type === key ? 'primary' : 'default'}
                  variant={type === key ? 'filled' : 'outlined'}
                  // choosing the active chip again switches the filter off (seed §4)
                  onClick={() => setFilter('type', type === key ? null : key)}
                  aria-pressed={type === key}
                  data-testid={`type-chip-${key}`}
                />
              ))}
            </Box>
            <Box role="search" aria-label={t.inbox.title} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField
                label={t.inbox.search}
                value={text.value}
                onChange={(e) => text.onChange(e.target.value)}
                size="small"
                type="search"
                sx={{ flex: '1 1 320px' }}
              />
              <TextField
                select
                label={t.inbox.columns.status}
                value={status}
                onChange={(e) => setFilter('status', e.target.value)}
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
                onChange={(e) => setFilter('due', e.target.value as DueFilter)}
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
                <DueUntilField value={dueUntil} onChange={(iso) => setFilter('dueUntil', iso)} />
              ) : null}
            </Box>
          </>
        }
      />
      {stats.isError ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {de.common.loadFailed}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The notice's main amount, named per row (the figure means something else per type:
 * the Abrechnung of a Gewerbesteuerbescheid, the first prepayment, Zinsen, the Messbetrag …).
 */
function AmountCell({ row }: { row: DocumentListItem }) {
  if (row.amount === null) return null;
  const label = row.amount_field
    ? (t.inbox.amountLabels[row.amount_field] ?? DOCUMENT_FIELD_LABELS[row.amount_field])
    : null;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.amount)}
      </Box>
      {label ? (
        <Typography variant="caption" component="div" color="text.secondary" data-testid="amount-label">
          {label}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * "fällig bis": the German date picker (TT.MM.JJJJ) as everywhere, the day kept in the address
 * (`bis`). The picker holds what is being typed; a complete day goes into the address at once,
 * an emptied field when it is left — the address answering every keystroke would reset the
 * year while it is typed.
 */
function DueUntilField({ value, onChange }: { value: string; onChange: (iso: string) => void }) {
  const [typed, setTyped] = useState(value);
  const [fromAddress, setFromAddress] = useState(value);
  if (value !== fromAddress) {
    // the address changed (back, reload, another filter): show its day
    setFromAddress(value);
    setTyped(value);
  }
  return (
    <DateField
      label={t.inbox.dueUntil}
      value={typed}
      onChange={(iso) => {
        setTyped(iso);
        if (isCompleteDay(iso) && iso !== value) onChange(iso);
      }}
      onBlur={() => {
        if (typed === '' && value !== '') onChange('');
      }}
      size="small"
    />
  );
}

function DueCell({ row }: { row: DocumentListItem }) {
  if (!row.dueDate) return null;
  return (
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
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {row.dueText}
          </Typography>
        ) : null}
      </Box>
    </Tooltip>
  );
}
