import {
  computeZerlegung,
  DomainValidationError,
  LEGAL_FORM_LABELS,
  type LegalForm,
  type Municipality,
  municipalityDisplayName,
  ZERLEGUNG_SCHLUESSEL,
  type ZerlegungDetail,
  type ZerlegungResponse,
} from '@gewst/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import SourceIcon from '@mui/icons-material/Source';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessages } from '../../api/errors';
import { municipalitySearchQuery } from '../../api/masterData';
import { fetchPrefill, importWagesXlsx, useSaveZerlegung } from '../../api/zerlegung';
import { deZerlegung } from '../../i18n/zerlegung';
import { appStore, useAppState } from '../../store/store';
import { MunicipalityAutocomplete } from '../master-data/MunicipalityAutocomplete';
import {
  emptyLine,
  KEY_FIELDS,
  type KeyField,
  keyFieldProblem,
  keyFields,
  type LineDraft,
  linesFromPrefill,
  mergeImport,
  previewInput,
  saveInput,
  type ZerlegungDraft,
} from './lines';
import { ZerlegungResultTable } from './ZerlegungResultTable';

const t = deZerlegung.form;

type Preview =
  | { ok: true; result: ZerlegungResponse }
  | { ok: false; messages: string[]; errors: Record<string, string[]> };

function preview(draft: ZerlegungDraft, rechtsform: LegalForm): Preview {
  try {
    return { ok: true, result: computeZerlegung(previewInput(draft, rechtsform)) };
  } catch (error) {
    if (error instanceof DomainValidationError) {
      return {
        ok: false,
        errors: error.errors,
        messages: Object.entries(error.errors).flatMap(([path, list]) =>
          list.map((m) => {
            const row = /^zeilen\.(\d+)/.exec(path);
            return row ? `Zeile ${Number(row[1]) + 1}: ${m}` : m;
          }),
        ),
      };
    }
    return { ok: false, messages: [String(error)], errors: {} };
  }
}

interface Props {
  initial: ZerlegungDraft;
  /** null = create (POST), else the Zerlegung to add a version to (PUT). */
  zerlegungId: number | null;
  onSaved: (detail: ZerlegungDetail) => void;
  onCancel: () => void;
}

/** Nothing typed yet: no Messbetrag and no line with a municipality or a key figure. */
const pristine = (d: ZerlegungDraft) =>
  d.messbetrag.trim() === '' &&
  d.zeilen.every(
    (l) => l.ags.trim() === '' && l.name.trim() === '' && KEY_FIELDS.every((f) => l[f].trim() === ''),
  );

/** Company, year, Messbetrag, key and lines; live preview with the domain rule; save on the server. */
export function ZerlegungEditor({ initial, zerlegungId, onSaved, onCancel }: Props) {
  const companies = useAppState((s) => s.companies);
  const [draft, setDraft] = useState<ZerlegungDraft>(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [notes, setNotes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  /** After a save attempt the preview's messages also show at empty fields. */
  const [attempted, setAttempted] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveZerlegung();
  const company = companies.find((c) => c.id === draft.company_id) ?? null;
  const rechtsform: LegalForm = company?.legal_form ?? 'kapitalgesellschaft';
  const deferred = useDeferredValue(draft);
  const shown = useMemo(() => preview(deferred, rechtsform), [deferred, rechtsform]);
  const fields = keyFields(draft.schluessel, Number(draft.year));
  const wagesShown = fields.includes('arbeitsloehne');
  const clientErrors = shown.ok ? {} : shown.errors;
  /**
   * Message at a field: the server's answer to the last save, else the live check of the
   * domain rule (for fields already filled in, or all after a save attempt).
   */
  const err = (path: string, value?: string) =>
    serverErrors[path]?.join(' ') ??
    (attempted || (value ?? '').trim() !== '' ? clientErrors[path]?.join(' ') : undefined);

  const update = (patch: Partial<ZerlegungDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const updateLine = (key: string, patch: Partial<LineDraft>) =>
    setDraft((d) => ({
      ...d,
      zeilen: d.zeilen.map((l) =>
        l.key === key ? { ...l, ...patch } : patch.geschaeftsleitung ? { ...l, geschaeftsleitung: false } : l,
      ),
    }));

  const prefill = async () => {
    if (!draft.company_id) return;
    setBusy(true);
    try {
      const p = await fetchPrefill(draft.company_id, Number(draft.year));
      if (p.zeilen.length > 0) update({ zeilen: linesFromPrefill(p) });
      setNotes([t.prefilled(p.zeilen.length), ...p.hinweise]);
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const imp = await importWagesXlsx(file);
      setDraft((d) => ({ ...d, zeilen: mergeImport(d.zeilen, imp) }));
      setNotes([t.imported(imp.zeilen.length, imp.art), ...imp.fehler]);
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async () => {
    setServerErrors({});
    setAttempted(true);
    try {
      const detail = await save.mutateAsync({ id: zerlegungId, input: saveInput(draft) });
      appStore.showSnackbar(t.saved(detail.version));
      onSaved(detail);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : null;
      if (fields) setServerErrors(fields);
      appStore.showSnackbar(errorMessages(error), 'error');
    }
  };

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 2fr' } }}>
          <TextField
            select
            label={t.company}
            value={draft.company_id ?? ''}
            disabled={zerlegungId != null}
            onChange={(e) => update({ company_id: Number(e.target.value) })}
            error={!!err('company_id')}
            helperText={err('company_id') ?? (company ? LEGAL_FORM_LABELS[company.legal_form] : undefined)}
          >
            {companies.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t.year}
            value={draft.year}
            disabled={zerlegungId != null}
            onChange={(e) => update({ year: e.target.value })}
            error={!!err('year', draft.year)}
            helperText={err('year', draft.year)}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
          <TextField
            label={t.messbetrag}
            value={draft.messbetrag}
            onChange={(e) => update({ messbetrag: e.target.value })}
            error={!!err('messbetrag', draft.messbetrag)}
            helperText={err('messbetrag', draft.messbetrag)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            select
            label={t.schluessel}
            value={draft.schluessel}
            onChange={(e) => update({ schluessel: e.target.value as ZerlegungDraft['schluessel'] })}
            error={!!err('schluessel', draft.schluessel)}
            helperText={err('schluessel', draft.schluessel)}
          >
            {ZERLEGUNG_SCHLUESSEL.map((s) => (
              <MenuItem key={s} value={s}>
                {deZerlegung.schluessel[s]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {zerlegungId != null ? (
          <TextField
            label={t.bemerkung}
            value={draft.bemerkung}
            onChange={(e) => update({ bemerkung: e.target.value })}
            fullWidth
            sx={{ mt: 2 }}
          />
        ) : null}
      </Paper>

      <Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }}>
            {t.lines}
          </Typography>
          <Button startIcon={<SourceIcon />} onClick={prefill} disabled={!draft.company_id || busy}>
            {t.prefill}
          </Button>
          <Tooltip title={t.importHint}>
            <span>
              <Button
                startIcon={<UploadFileIcon />}
                onClick={() => fileInput.current?.click()}
                disabled={busy || !wagesShown}
              >
                {t.importXlsx}
              </Button>
            </span>
          </Tooltip>
          <input
            ref={fileInput}
            type="file"
            hidden
            data-testid="wage-import-input"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => importFile(e.target.files?.[0])}
          />
          <Button
            startIcon={<AddIcon />}
            onClick={() => update({ zeilen: [...draft.zeilen, emptyLine(draft.zeilen.length === 0)] })}
          >
            {t.addLine}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="key-rule">
          {t.keyRule(draft.schluessel, Number(draft.year))}
        </Typography>
        {notes.length > 0 ? (
          <Alert severity="info" sx={{ mb: 1 }} onClose={() => setNotes([])}>
            {notes.join(' ')}
          </Alert>
        ) : null}
        {err('zeilen') ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {err('zeilen')}
          </Alert>
        ) : null}
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 520 }}>
          <Table size="small" stickyHeader aria-label={t.lines}>
            <TableHead>
              <TableRow>
                <TableCell>{t.name}</TableCell>
                <TableCell>{t.ags}</TableCell>
                <TableCell align="center">{t.gl}</TableCell>
                {fields.map((f) => (
                  <TableCell key={f}>
                    <Tooltip title={t.fields[f].hint} describeChild>
                      <span>{t.fields[f].label}</span>
                    </Tooltip>
                  </TableCell>
                ))}
                <TableCell>
                  <Tooltip title={t.hebesatzHint}>
                    <span>{t.hebesatz}</span>
                  </Tooltip>
                </TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {draft.zeilen.map((l, i) => (
                <TableRow key={l.key} data-ags={l.ags || undefined}>
                  <TableCell sx={{ minWidth: 220 }}>
                    <TextField
                      size="small"
                      fullWidth
                      value={l.name}
                      onChange={(e) => updateLine(l.key, { name: e.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': t.nameOf(i + 1) } }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 260 }}>
                    <LineMunicipality
                      line={l}
                      row={i}
                      error={err(`zeilen.${i}.ags`, l.ags)}
                      onChange={(m) =>
                        updateLine(l.key, {
                          ags: m?.ags ?? '',
                          gemeinde: m?.name,
                          // a new line is named after its municipality unless the user named it
                          ...(m && l.name.trim() === '' ? { name: municipalityDisplayName(m.name) } : {}),
                        })
                      }
                    />
                  </TableCell>
                  <TableCell align="center">
                    <Radio
                      checked={l.geschaeftsleitung}
                      onChange={() => updateLine(l.key, { geschaeftsleitung: true })}
                      slotProps={{ input: { 'aria-label': t.glLabel(i + 1) } }}
                    />
                  </TableCell>
                  {fields.map((f) => (
                    <KeyFieldCell
                      key={f}
                      field={f}
                      line={l}
                      row={i}
                      error={
                        serverErrors[`zeilen.${i}.${f}`]?.join(' ') ??
                        keyFieldProblem(f, l[f]) ??
                        err(`zeilen.${i}.${f}`, l[f])
                      }
                      onChange={(value) =>
                        updateLine(
                          l.key,
                          f === 'arbeitsloehne' ? { [f]: value, arbeitnehmer: undefined } : { [f]: value },
                        )
                      }
                    />
                  ))}
                  <TableCell sx={{ width: 110 }}>
                    <TextField
                      size="small"
                      value={l.hebesatz}
                      onChange={(e) => updateLine(l.key, { hebesatz: e.target.value })}
                      error={!!err(`zeilen.${i}.hebesatz`, l.hebesatz)}
                      helperText={err(`zeilen.${i}.hebesatz`, l.hebesatz)}
                      slotProps={{ htmlInput: { 'aria-label': t.hebesatzOf(i + 1), inputMode: 'numeric' } }}
                    />
                  </TableCell>
                  <TableCell sx={{ width: 48 }}>
                    <IconButton
                      aria-label={t.removeLine(i + 1)}
                      onClick={() => update({ zeilen: draft.zeilen.filter((x) => x.key !== l.key) })}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>

      <Box component="section" aria-labelledby="zerlegung-preview-title">
        <Typography id="zerlegung-preview-title" component="h2" variant="h6">
          {t.preview}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.previewHint}
        </Typography>
        {shown.ok ? (
          <>
            <ZerlegungResultTable
              result={shown.result}
              label={t.preview}
              nameOf={(i, ags) => deferred.zeilen[i]?.name || ags}
            />
            {shown.result.hinweise.length > 0 ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {shown.result.hinweise.join(' ')}
              </Alert>
            ) : null}
          </>
        ) : !attempted && pristine(draft) ? (
          <Alert severity="info" data-testid="preview-empty">
            {t.previewEmpty}
          </Alert>
        ) : (
          <Alert severity="warning" data-testid="preview-invalid">
            {t.previewInvalid} {shown.messages.slice(0, 4).join(' ')}
          </Alert>
        )}
      </Box>

      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {zerlegungId == null ? t.save : t.saveVersion}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The municipality of a line, picked by name, AGS or PLZ (the search used everywhere). A
 * stored or prefilled line knows only its AGS: its name is looked up for display.
 */
function LineMunicipality({
  line,
  row,
  error,
  onChange,
}: {
  line: LineDraft;
  row: number;
  error: string | undefined;
  onChange: (m: Municipality | null) => void;
}) {
  const lookup = useQuery({
    ...municipalitySearchQuery(line.ags),
    enabled: line.gemeinde === undefined && /^\d{8}$/.test(line.ags),
  });
  const name = line.gemeinde ?? lookup.data?.find((m) => m.ags === line.ags)?.name ?? '';
  return (
    <MunicipalityAutocomplete
      label=""
      required={false}
      size="small"
      inputLabel={t.agsOf(row + 1)}
      value={line.ags ? { ags: line.ags, name } : null}
      onChange={onChange}
      error={!!error}
      helperText={error}
    />
  );
}

/** One key input of a line (wages, assets, kW or ratio), German number entry. */
function KeyFieldCell({
  field,
  line,
  row,
  error,
  onChange,
}: {
  field: KeyField;
  line: LineDraft;
  row: number;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const perEmployee =
    field === 'arbeitsloehne' && line.arbeitsloehne.trim() === '' && line.arbeitnehmer?.length
      ? line.arbeitnehmer.length
      : null;
  return (
    <TableCell sx={{ width: field === 'arbeitsloehne' ? 170 : 150 }}>
      <TextField
        size="small"
        value={line[field]}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error ?? (perEmployee != null ? t.wagesPerEmployee(perEmployee) : undefined)}
        slotProps={{
          htmlInput: {
            'aria-label': t.fieldOf(t.fields[field].short, row + 1),
            inputMode: 'decimal',
            'data-field': field,
          },
        }}
      />
    </TableCell>
  );
}
