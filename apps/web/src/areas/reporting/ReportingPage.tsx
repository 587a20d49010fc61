import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  MenuItem,
  Paper,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { REPORTS, type ReportName } from '@gewst/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessages } from '../../api/errors';
import { downloadReport, reportQuery } from '../../api/reports';
import type { QueryParams } from '../../api/url';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { reportingTexts as t } from '../../i18n/reporting';
import { appStore, useCurrentCompany } from '../../store/store';
import { MunicipalityAutocomplete, type MunicipalityValue } from '../master-data/MunicipalityAutocomplete';
import { reportFileName } from './fileName';
import { ReportView } from './ReportPanels';
import { TraceDialog } from './TraceDialog';

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 15 }, (_, i) => thisYear + 1 - i);
const isReport = (v: string | null): v is ReportName => REPORTS.includes(v as ReportName);

/** Filters live in the URL, so a report can be bookmarked and shared. */
export default function ReportingPage() {
  const company = useCurrentCompany();
  const [search, setSearch] = useSearchParams();
  const report: ReportName = isReport(search.get('bericht'))
    ? (search.get('bericht') as ReportName)
    : 'expense';
  const [trace, setTrace] = useState<QueryParams | null>(null);
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);
  const [municipality, setMunicipality] = useState<MunicipalityValue | null>(
    search.get('ags')
      ? { ags: search.get('ags')!, name: search.get('gemeinde') ?? search.get('ags')! }
      : null,
  );
  const [messbetrag, setMessbetrag] = useState(search.get('messbetrag') ?? '');
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };
  const num = (k: string) => (search.get(k) ? Number(search.get(k)) : undefined);
  const params: QueryParams = {
    company_id: company?.id ?? 0,
    ags: search.get('ags') ?? undefined,
    page: num('page'),
    per_page: 50,
    ...(report === 'provision'
      ? { year: num('year'), messbetrag: search.get('messbetrag') ?? undefined }
      : { year_from: num('year_from'), year_to: num('year_to') }),
    ...(report === 'expense' ? { group_by: search.get('group_by') ?? undefined } : {}),
    ...(report === 'cashplan' ? { from: search.get('from') ?? undefined } : {}),
  };
  const q = useQuery({ ...reportQuery(report, params), enabled: company != null });
  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const { page: _p, per_page: _pp, ...exportParams } = params;
  const download = async (format: 'xlsx' | 'pdf') => {
    setExporting(format);
    try {
      await downloadReport(
        report,
        exportParams,
        format,
        reportFileName(report, company.name, exportParams, format),
      );
    } catch (e: unknown) {
      appStore.showSnackbar([t.download.failed, ...errorMessages(e)], 'error');
    } finally {
      setExporting(null);
    }
  };
  const downloadButton = (format: 'xlsx' | 'pdf') => (
    <Button
      variant="outlined"
      startIcon={exporting === format ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
      disabled={exporting !== null}
      onClick={() => void download(format)}
    >
      {exporting === format ? t.download.busy(t.download[format]) : t.download[format]}
    </Button>
  );
  const yearsHint = report === 'provision' ? null : t.filters.yearsHint[report];
  const yearSelect = (key: string, label: string) => (
    <TextField
      select
      size="small"
      label={label}
      slotProps={yearsHint ? { select: { 'aria-describedby': 'report-years-hint' } } : undefined}
      value={search.get(key) ?? ''}
      onChange={(e) => set({ [key]: e.target.value })}
      sx={{ minWidth: 190 }}
    >
      <MenuItem value="">–</MenuItem>
      {YEARS.map((y) => (
        <MenuItem key={y} value={String(y)}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <PageHeader
        title={`${t.title} – ${company.name}`}
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            {downloadButton('xlsx')}
            {downloadButton('pdf')}
          </Box>
        }
      />
      <Tabs
        value={report}
        onChange={(_e, v: string) => set({ bericht: v, year: null, from: null })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t.title}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {REPORTS.map((r) => (
          <Tab key={r} value={r} label={t.tabs[r]} />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        {report === 'provision' ? (
          <>
            {yearSelect('year', t.filters.year)}
            <TextField
              size="small"
              label={t.filters.messbetrag}
              helperText={t.filters.messbetragHint}
              value={messbetrag}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              onChange={(e) => setMessbetrag(e.target.value)}
              onBlur={() => set({ messbetrag: messbetrag.replace(/\./g, '').replace(',', '.') })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') set({ messbetrag: messbetrag.replace(/\./g, '').replace(',', '.') });
              }}
            />
          </>
        ) : (
          <>
            {yearSelect('year_from', t.filters.yearFrom)}
            {yearSelect('year_to', t.filters.yearTo)}
          </>
        )}
        {report === 'cashplan' ? (
          <TextField
            size="small"
            type="month"
            label={t.filters.from}
            helperText={t.filters.fromHint}
            value={search.get('from') ?? ''}
            onChange={(e) => set({ from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ) : null}
        {report === 'expense' ? (
          <TextField
            select
            size="small"
            label={t.filters.groupBy}
            value={search.get('group_by') ?? 'gemeinde'}
            onChange={(e) => set({ group_by: e.target.value === 'gemeinde' ? null : e.target.value })}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="gemeinde">{t.filters.byMunicipality}</MenuItem>
            <MenuItem value="betriebsstaette">{t.filters.byEstablishment}</MenuItem>
          </TextField>
        ) : null}
        <Box sx={{ flex: '1 1 280px', maxWidth: 420 }}>
          <MunicipalityAutocomplete
            required={false}
            value={municipality}
            onChange={(v) => {
              setMunicipality(v);
              set({ ags: v?.ags ?? null, gemeinde: v?.name ?? null });
            }}
          />
        </Box>
      </Box>
      {yearsHint ? (
        <Typography id="report-years-hint" variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
          {t.filters.yearsLabel}: {yearsHint}
        </Typography>
      ) : null}
      {q.isError ? <QueryError error={q.error} onRetry={() => void q.refetch()} /> : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        {q.isFetching ? <LinearProgress sx={{ mb: 1 }} /> : null}
        {q.data ? (
          <ReportView
            report={report}
            data={q.data}
            onTrace={(p) => setTrace({ company_id: company.id, report, ...p })}
            onPage={(page) => set({ page: String(page) })}
          />
        ) : null}
      </Paper>
      <TraceDialog params={trace} onClose={() => setTrace(null)} />
    </>
  );
}
