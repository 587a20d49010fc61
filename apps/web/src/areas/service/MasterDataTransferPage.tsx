import type { ImportPreview } from '@gewst/domain';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError, errorMessages } from '../../api/errors';
import { exportMasterData, useImportMasterData } from '../../api/masterData';
import { masterDataTexts as t } from '../../i18n/masterData';
import { appStore, useCan, useCurrentCompany } from '../../store/store';

/**
 * Seed section 7: YYYY-MM-DD-HH:mm-Stammdaten-Export-<company>.xlsx, German local time and
 * 00–23 h like the server's Content-Disposition (built from parts: no "24:05", no locale pattern).
 */
function exportName(company: string, now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}-${p.hour}:${p.minute}-Stammdaten-Export-${company.replace(/[\\/:*?"<>|]/g, '_')}.xlsx`;
}

const ACTION_COLOR = { create: 'success', update: 'info', unchanged: 'default', error: 'error' } as const;

export default function MasterDataTransferPage() {
  const company = useCurrentCompany();
  const canChange = useCan('changeMasterdata');
  const importer = useImportMasterData();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [exporting, setExporting] = useState(false);
  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;

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
              <TableContainer sx={{ mt: 1, maxHeight: 480 }}>
                <Table size="small" stickyHeader aria-label={t.preview}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t.importColumns.row}</TableCell>
                      <TableCell>{t.importColumns.action}</TableCell>
                      <TableCell>{t.importColumns.designation}</TableCell>
                      <TableCell>{t.importColumns.details}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.rows
                      .filter((r) => r.action !== 'unchanged')
                      .map((r) => (
                        <TableRow key={r.row}>
                          <TableCell>{r.row}</TableCell>
                          <TableCell>
                            <Chip size="small" color={ACTION_COLOR[r.action]} label={t.actions[r.action]} />
                          </TableCell>
                          <TableCell>{r.designation}</TableCell>
                          <TableCell>
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
                          </TableCell>
                        </TableRow>
                      ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Box>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
