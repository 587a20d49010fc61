import { berlinDateTimeParts, type ImportPreview, type RateImportReport } from '@gewst/domain';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError, errorMessages } from '../../api/errors';
import { exportMasterData, useImportMasterData, useImportRates } from '../../api/masterData';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, loadedRows } from '../../components/DataTable';
import { masterDataTexts as t } from '../../i18n/masterData';
import { formatNumber } from '../../lib/format';
import { appStore, useCan, useCurrentCompany } from '../../store/store';
import { isRateTableFile, parseRateYear, rateChangeLines, rateImportCounts } from './rateImport';

/**
 * Seed section 7: YYYY-MM-DD-HH:mm-Stammdaten-Export-<company>.xlsx, German local time and
 * 00–23 h like the server's Content-Disposition (built from parts: no "24:05", no locale pattern).
 */
function exportName(company: string, now = new Date()) {
  const p = berlinDateTimeParts(now);
  return `${p.year}-${p.month}-${p.day}-${p.hour}:${p.minute}-Stammdaten-Export-${company.replace(/[\\/:*?"<>|]/g, '_')}.xlsx`;
}

const ACTION_COLOR = { create: 'success', update: 'info', unchanged: 'default', error: 'error' } as const;

/** Rows of the change list rendered at once (a new year's table has > 10,000 rates). */
const MAX_CHANGE_LINES = 500;
const rt = t.rateImport;

/**
 * Official Hebesatz table (xlsx/csv: AGS + rate, with a year) for all companies; the API
 * applies valid rows at once (no preview step), so the upload is confirmed first.
 */
function RateTableImport() {
  const importer = useImportRates();
  const [yearText, setYearText] = useState(() => String(new Date().getFullYear()));
  const [yearTouched, setYearTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<RateImportReport | null>(null);
  const year = parseRateYear(yearText, rt.yearMissing);
  const busy = importer.isPending;

  const upload = async () => {
    setConfirming(false);
    if (!file || year.year === null) return;
    setReport(null);
    setProgress(0);
    try {
      const result = await importer.mutateAsync({ year: year.year, file, onProgress: setProgress });
      setReport(result);
      setFile(null);
      appStore.showSnackbar(rt.done(result.year));
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    } finally {
      setProgress(null);
    }
  };

  const lines = report ? rateChangeLines(report) : [];
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rate-import-title">
      <Typography variant="h6" component="h2" gutterBottom id="rate-import-title">
        {rt.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{rt.hint}</Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={rt.year}
          size="small"
          value={yearText}
          onChange={(e) => setYearText(e.target.value)}
          onBlur={() => setYearTouched(true)}
          error={yearTouched && year.error !== null}
          helperText={yearTouched ? year.error : null}
          disabled={busy}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'rate-import-year' } }}
          sx={{ width: 120 }}
        />
        <Box>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
            {rt.chooseFile}
            <input
              hidden
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              data-testid="rate-import-file"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                e.target.value = '';
                if (chosen && !isRateTableFile(chosen.name)) {
                  setFile(null);
                  setFileError(rt.wrongType);
                  return;
                }
                setFile(chosen);
                setFileError(null);
                setReport(null);
              }}
            />
          </Button>
          <Typography variant="body2" color={fileError ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
            {fileError ?? file?.name ?? rt.noFile}
          </Typography>
        </Box>
        <Button
          variant="contained"
          disabled={!file || year.year === null || busy}
          loading={busy}
          onClick={() => {
            setYearTouched(true);
            setConfirming(true);
          }}
        >
          {rt.start}
        </Button>
      </Box>
      {progress !== null ? (
        <Box sx={{ mt: 2 }} role="status">
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label={progress < 1 ? rt.uploading(percent) : rt.processing}
          />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {progress < 1 ? rt.uploading(percent) : rt.processing}
          </Typography>
        </Box>
      ) : null}
      {report ? (
        <Box sx={{ mt: 2 }} data-testid="rate-import-report">
          <Alert severity={report.errors.length > 0 ? 'warning' : 'success'}>
            {rt.summary(rateImportCounts(report))}
          </Alert>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {rt.changesTitle}
          </Typography>
          {lines.length === 0 ? (
            <Typography variant="body2">{rt.noChanges}</Typography>
          ) : (
            <DataTable
              label={rt.changesTitle}
              query={loadedRows(lines.slice(0, MAX_CHANGE_LINES))}
              rowKey={(line) => line.ags}
              maxHeight={400}
              empty={{ title: rt.noChanges }}
              columns={[
                { id: 'ags', header: rt.columns.ags, cell: (line) => line.ags },
                { id: 'municipality', header: rt.columns.municipality, cell: (line) => line.name },
                {
                  id: 'kind',
                  header: rt.columns.kind,
                  cell: (line) => (
                    <Chip
                      size="small"
                      color={line.kind === 'new' ? 'success' : 'info'}
                      label={rt.kinds[line.kind]}
                    />
                  ),
                },
                {
                  id: 'before',
                  header: rt.columns.before,
                  align: 'right',
                  cell: (line) => (line.before === null ? '–' : `${formatNumber(line.before)} %`),
                },
                {
                  id: 'after',
                  header: rt.columns.after,
                  align: 'right',
                  cell: (line) => `${formatNumber(line.after)} %`,
                },
              ]}
            />
          )}
          {lines.length > MAX_CHANGE_LINES ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {rt.more(lines.length - MAX_CHANGE_LINES)}
            </Typography>
          ) : null}
          {report.errors.length > 0 ? (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {rt.rejectedTitle}
              </Typography>
              <DataTable
                label={rt.rejectedTitle}
                query={loadedRows(report.errors)}
                rowKey={(e) => `${e.row}-${e.message}`}
                maxHeight={300}
                empty={{ title: rt.rejectedTitle }}
                columns={[
                  { id: 'row', header: rt.columns.row, cell: (e) => e.row },
                  {
                    id: 'reason',
                    header: rt.columns.reason,
                    cell: (e) => (
                      <Typography variant="body2" color="error">
                        {e.message}
                      </Typography>
                    ),
                  },
                ]}
              />
            </>
          ) : null}
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirming && year.year !== null}
        title={rt.confirmTitle}
        text={year.year === null ? '' : rt.confirm(year.year)}
        confirmLabel={rt.confirmLabel}
        onConfirm={() => void upload()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

export default function MasterDataTransferPage() {
  const company = useCurrentCompany();
  const canChange = useCan('changeMasterdata');
  const canImportRates = useCan('changeCustomizingData');
  const importer = useImportMasterData();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [exporting, setExporting] = useState(false);
  if (!company)
    return (
      <Stack spacing={2}>
        <Alert severity="info">{t.noCompany}</Alert>
        {canImportRates ? <RateTableImport /> : null}
      </Stack>
    );

  const download = async () => {
    setExporting(true);
    try {
      const blob = await exportMasterData(company.id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = exportName(company.name);
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      appStore.showSnackbar(t.exported);
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    } finally {
      setExporting(false);
    }
  };

  const run = async (commit: boolean) => {
    if (!file) return;
    try {
      const result = await importer.mutateAsync({ companyId: company.id, file, commit });
      setPreview(result);
      if (commit) {
        appStore.showSnackbar(t.committed(result.summary.create + result.summary.update));
        setFile(null);
      }
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { preview?: ImportPreview } | null) : null;
      if (body?.preview) setPreview(body.preview);
      appStore.showSnackbar(errorMessages(error), 'error');
    }
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t.transferTitle} – {company.name}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t.exportHint}</Typography>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          disabled={exporting}
        >
          {t.export}
        </Button>
      </Paper>
      {canChange ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography sx={{ mb: 2 }}>{t.importHint}</Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
              {t.chooseFile}
              <input
                hidden
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                data-testid="master-data-import-file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setPreview(null);
                  e.target.value = '';
                }}
              />
            </Button>
            <Typography>{file?.name}</Typography>
            <Button variant="outlined" disabled={!file || importer.isPending} onClick={() => void run(false)}>
              {t.preview}
            </Button>
            <Button
              variant="contained"
              disabled={
                !file || !preview || preview.committed || preview.summary.error > 0 || importer.isPending
              }
              onClick={() => void run(true)}
            >
              {t.commit}
            </Button>
          </Box>
          {preview ? (
            <Box sx={{ mt: 2 }}>
              <Alert severity={preview.summary.error > 0 ? 'error' : preview.committed ? 'success' : 'info'}>
                {t.summary(preview.summary)}
              </Alert>
              <DataTable
                label={t.preview}
                query={loadedRows(preview.rows.filter((r) => r.action !== 'unchanged'))}
                rowKey={(r) => r.row}
                maxHeight={480}
                sx={{ mt: 1 }}
                empty={{ title: t.summary(preview.summary) }}
                columns={[
                  { id: 'row', header: t.importColumns.row, cell: (r) => r.row },
                  {
                    id: 'action',
                    header: t.importColumns.action,
                    cell: (r) => (
                      <Chip size="small" color={ACTION_COLOR[r.action]} label={t.actions[r.action]} />
                    ),
                  },
                  { id: 'designation', header: t.importColumns.designation, cell: (r) => r.designation },
                  {
                    id: 'details',
                    header: t.importColumns.details,
                    cell: (r) => (
                      <>
                        {r.errors.map((e) => (
                          <Typography key={`${e.column}-${e.message}`} color="error" variant="body2">
                            {e.column}: {e.message}
                          </Typography>
                        ))}
                        {r.changes.map((c) => (
                          <Typography key={c.field} variant="body2">
                            {c.field}: {c.before ?? '–'} → {c.after ?? '–'}
                          </Typography>
                        ))}
                      </>
                    ),
                  },
                ]}
              />
            </Box>
          ) : null}
        </Paper>
      ) : null}
      {canImportRates ? <RateTableImport /> : null}
    </Stack>
  );
}
