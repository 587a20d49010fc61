import {
  PROCESSING_STATE_LABELS,
  PROCESSING_STATES,
  PROCESSING_TYPE_LABELS,
  PROCESSING_TYPES,
  type ProcessingItem,
  type ProcessingState,
  type ProcessingType,
  type ProcessingTypeSummary,
} from '@gewst/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  List,
  ListItem,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessages } from '../../api/errors';
import { downloadProcessingStatus, processingStatusQuery } from '../../api/service';
import { DataTable, loadedRows, useTableParams } from '../../components/DataTable';
import { QueryError } from '../../components/QueryState';
import { serviceTexts } from '../../i18n/service';
import { formatNumber } from '../../lib/format';
import { appStore } from '../../store/store';

const t = serviceTexts.processing;
const STATE_COLORS: Record<ProcessingState, 'error' | 'default' | 'info' | 'success'> = {
  fehlt: 'error',
  eingegangen: 'default',
  geprueft: 'info',
  gebucht: 'success',
};

/** Gaps listed before "alle anzeigen": a year without notices has hundreds. */
const GAPS_SHOWN = 10;
const TABLE = { perPage: 25, perPageOptions: [25, 50, 100] } as const;

const isType = (value: string | undefined): value is ProcessingType =>
  (PROCESSING_TYPES as readonly string[]).includes(value ?? '');

/** The year of the route, or null when it is not a plausible year. */
function parseYear(value: string | undefined): number | null {
  if (value === undefined) return new Date().getFullYear();
  const year = Number(value);
  return /^\d{4}$/.test(value) && year >= 1990 && year <= 2100 ? year : null;
}

/**
 * Service → Stand der Bearbeitung (/service/stand-der-bearbeitung/:year?/:type?): the expected
 * notices of a year, counts and progress per type, the gaps in German, links to the documents.
 * Year and type live in the route, so a reload or a shared link shows the same selection.
 */
export default function ProcessingStatusPage({
  year: yearParam,
  type: typeParam,
}: {
  year?: string | undefined;
  type?: string | undefined;
}) {
  const navigate = useNavigate();
  const year = parseYear(yearParam);
  const type = isType(typeParam) ? typeParam : null;
  // What the user types, until it is submitted; otherwise the field shows the route's year, so
  // it follows back/forward and links (a state copied from the route kept the typed year).
  const [draft, setDraft] = useState<string | null>(null);
  const yearInput = draft ?? String(year ?? new Date().getFullYear());
  const status = useQuery({ ...processingStatusQuery(year ?? 0, type), enabled: year !== null });
  const [downloading, setDownloading] = useState(false);
  // "alle anzeigen" belongs to one selection: a new year or type shows ten gaps again.
  const selection = `${year ?? ''}/${type ?? ''}`;
  const [expandedFor, setExpandedFor] = useState<string | null>(null);
  const allGaps = expandedFor === selection;

  const go = (nextYear: number, nextType: ProcessingType | null) =>
    void navigate(`/service/stand-der-bearbeitung/${nextYear}${nextType ? `/${nextType}` : ''}`);

  if (year === null || (typeParam !== undefined && type === null)) {
    return (
      <Alert
        severity="warning"
        action={<Button onClick={() => go(new Date().getFullYear(), null)}>{t.current}</Button>}
      >
        {year === null ? t.badYear(yearParam ?? '') : t.badType(typeParam ?? '')}
      </Alert>
    );
  }

  const download = async () => {
    setDownloading(true);
    try {
      await downloadProcessingStatus(year, type);
    } catch (e) {
      appStore.showSnackbar(errorMessages(e), 'error');
    } finally {
      setDownloading(false);
    }
  };
  const submitYear = () => {
    const next = parseYear(yearInput);
    if (next === null) return; // the field keeps the input and says what is wrong
    setDraft(null);
    if (next !== year) go(next, type);
  };
  const yearError = parseYear(yearInput) === null ? t.yearHint : undefined;
  const data = status.data;
  const gaps = data?.items.filter((i) => i.gap !== null) ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t.title(year)}
        </Typography>
        <TextField
          label={t.year}
          size="small"
          value={yearInput}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={submitYear}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submitYear();
          }}
          error={yearError !== undefined}
          helperText={yearError}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t.year } }}
          sx={{ width: 110 }}
        />
        <TextField
          select
          label={t.type}
          size="small"
          value={type ?? ''}
          onChange={(e) => go(year, isType(e.target.value) ? e.target.value : null)}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{t.allTypes}</MenuItem>
          {PROCESSING_TYPES.map((k) => (
            <MenuItem key={k} value={k}>
              {PROCESSING_TYPE_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void download()} disabled={downloading || !data}>
          {downloading ? t.downloading : t.export}
        </Button>
      </Stack>

      {status.isError ? <QueryError error={status.error} onRetry={() => void status.refetch()} /> : null}
      {!data && status.isPending ? <Skeleton variant="rounded" height={160} /> : null}

      {data ? (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
            }}
          >
            {data.summary.map((s) => (
              <TypeCard
                key={s.type}
                summary={s}
                selected={s.type === type}
                onSelect={() => go(year, s.type === type ? null : s.type)}
              />
            ))}
          </Box>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3" gutterBottom>
              {t.gapsTitle(gaps.length)}
            </Typography>
            {gaps.length === 0 ? (
              <Typography color="text.secondary">
                {data.items.length === 0 ? t.nothingExpected : t.noGaps}
              </Typography>
            ) : (
              <>
                <List dense aria-label={t.gapsTitle(gaps.length)}>
                  {(allGaps ? gaps : gaps.slice(0, GAPS_SHOWN)).map((g) => (
                    <ListItem key={`${g.type}-${g.company_id}-${g.master_data_id ?? ''}`} disableGutters>
                      {g.gap}
                    </ListItem>
                  ))}
                </List>
                {gaps.length > GAPS_SHOWN ? (
                  <Button
                    size="small"
                    aria-expanded={allGaps}
                    onClick={() => setExpandedFor(allGaps ? null : selection)}
                  >
                    {allGaps ? t.fewerGaps(GAPS_SHOWN) : t.allGaps(formatNumber(gaps.length))}
                  </Button>
                ) : null}
              </>
            )}
          </Paper>

          {data.items.length > 0 ? <ItemsTable items={data.items} /> : null}
        </>
      ) : null}
    </Stack>
  );
}

function TypeCard({
  summary,
  selected,
  onSelect,
}: {
  summary: ProcessingTypeSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  const { expected, counts } = summary;
  const done = counts.geprueft + counts.gebucht;
  const arrived = expected - counts.fehlt;
  const pct = (n: number) => (expected === 0 ? 0 : (n / expected) * 100);
  const label = PROCESSING_TYPE_LABELS[summary.type];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <Button onClick={onSelect} aria-pressed={selected} sx={{ p: 0, textTransform: 'none', mb: 1 }}>
        <Typography variant="subtitle1" component="span">
          {label}
        </Typography>
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t.progressText(formatNumber(arrived), formatNumber(done), formatNumber(expected))}
      </Typography>
      <LinearProgress
        variant="buffer"
        value={pct(done)}
        valueBuffer={pct(arrived)}
        aria-label={t.progressLabel(label)}
        sx={{ my: 1, height: 8, borderRadius: 1 }}
      />
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {PROCESSING_STATES.map((s) => (
          <Chip
            key={s}
            size="small"
            color={STATE_COLORS[s]}
            variant={counts[s] ? 'filled' : 'outlined'}
            label={`${PROCESSING_STATE_LABELS[s]}: ${formatNumber(counts[s])}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function ItemsTable({ items }: { items: ProcessingItem[] }) {
  const table = useTableParams(TABLE);
  return (
    <DataTable
      label={t.tableLabel}
      query={loadedRows(items)}
      params={table.params}
      onParamsChange={table.update}
      perPageOptions={table.perPageOptions}
      rowKey={(i) => `${i.type}-${i.company_id}-${i.master_data_id ?? ''}`}
      empty={{ title: t.tableLabel }}
      columns={[
        { id: 'type', header: t.columns.type, cell: (i) => PROCESSING_TYPE_LABELS[i.type] },
        { id: 'company', header: t.columns.company, cell: (i) => i.company_name },
        {
          id: 'establishment',
          header: t.columns.establishment,
          cell: (i) =>
            i.master_data_id === null ? (
              '–'
            ) : (
              <Link component={RouterLink} to={`/stammdaten/${i.master_data_id}`}>
                {i.designation}
              </Link>
            ),
        },
        { id: 'municipality', header: t.columns.municipality, cell: (i) => i.municipality ?? i.ags ?? '–' },
        {
          id: 'state',
          header: t.columns.state,
          cell: (i) => (
            <Chip size="small" color={STATE_COLORS[i.state]} label={PROCESSING_STATE_LABELS[i.state]} />
          ),
        },
        {
          id: 'documents',
          header: t.columns.documents,
          cell: (i) =>
            i.documents.length === 0
              ? '–'
              : i.documents.map((d, n) => (
                  <span key={d.id}>
                    {n > 0 ? ', ' : null}
                    <Link component={RouterLink} to={`/dokumente/${d.id}`}>
                      {d.filename}
                    </Link>
                  </span>
                )),
        },
      ]}
    />
  );
}
