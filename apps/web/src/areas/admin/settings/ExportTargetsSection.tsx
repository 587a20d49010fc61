import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from '@gewst/domain';
import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { useSetting } from '../../../hooks/useSetting';
import { useSettingDraft } from '../../../hooks/useSettingDraft';
import { useCurrentCompany } from '../../../store/store';
import { type ExportTargetsForm, exportTargetsFormOf, exportTargetsValueOf } from './exportTargetsForm';
import { SettingActions } from './SettingActions';
import { SettingSection } from './SettingSection';

const KEY = 'export.targets';
const F = {
  format: `${KEY}.format`,
  enabled: `${KEY}.directory.enabled`,
  path: `${KEY}.directory.path`,
  url: `${KEY}.http.url`,
  token: `${KEY}.http.token_env`,
} as const;
const t = {
  title: 'Je Firma: Exportziele',
  intro:
    'Wohin die freigegebenen Buchungsstapel der gewählten Firma exportiert werden: in einen Ordner unterhalb des Exportverzeichnisses der Installation (EXPORT_DIR) und/oder an eine HTTPS-Adresse. Das Token der HTTPS-Adresse steht nur in einer Umgebungsvariablen des Servers; hier wird nur ihr Name eingetragen. Der nächste Export liest die Einstellung: sie gilt ohne Neustart. Jede Änderung steht mit Vorher/Nachher im Log.',
  company: (name: string) => `Firma: ${name}`,
  noCompany: 'Bitte oben eine Firma wählen.',
  format: 'Format',
  directory: 'In das Exportverzeichnis schreiben',
  path: 'Ordner unterhalb von EXPORT_DIR',
  pathHelp: (id: number) => `Leer: „firma-${id}“. Buchstaben, Ziffern, - und _, Ebenen mit /.`,
  http: 'An eine HTTPS-Adresse senden',
  url: 'Adresse (URL)',
  urlHelp: 'https://… (http:// nur für localhost).',
  token: 'Name der Token-Variablen',
  tokenHelp: 'z. B. EXPORT_TOKEN_ERP — nie das Token selbst.',
  festschreibung: 'DATEV: Buchungen festschreiben',
  defaults: 'Derzeit gilt die Vorgabe: DATEV-Format in den Ordner „firma-<Nummer>“.',
  confirmTitle: 'Exportziele zurücksetzen?',
  confirmText:
    'Die Exportziele dieser Firma werden auf die Vorgabe zurückgesetzt (DATEV-Format in den Ordner „firma-<Nummer>“, kein HTTPS-Ziel). Der nächste Export verwendet die Vorgabe.',
  saved: 'Einstellung gespeichert.',
  wasReset: 'Einstellung auf die Vorgabe zurückgesetzt.',
};

/** Admin → Einstellungen → Je Firma: where the selected company's exports go (export.targets). */
export function ExportTargetsSection() {
  const company = useCurrentCompany();
  const id = company?.id ?? 0;
  const { query, entry, value, canEdit, saving, save, reset } = useSetting(KEY, id);
  const draftState = useSettingDraft<ExportTargetsForm & { company: number }>(Object.values(F));
  const { errors, setErrors, edit, callbacks } = draftState;
  // A draft belongs to the company it was typed for.
  const draft = draftState.draft?.company === id ? draftState.draft : null;
  const form = draft ?? (value ? exportTargetsFormOf(value) : null);
  const change = (next: Partial<ExportTargetsForm>) => form && edit({ ...form, ...next, company: id });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    setErrors({});
    save(exportTargetsValueOf(form), callbacks(t.saved));
  };
  const field = (name: keyof typeof F, help: string) => ({
    error: !!errors[F[name]],
    helperText: errors[F[name]] ?? help,
    disabled: !canEdit,
  });

  return (
    <SettingSection
      id="export-targets-settings"
      title={t.title}
      intro={t.intro}
      entries={query}
      canEdit={canEdit}
      skeletonHeight={120}
    >
      <Typography sx={{ mb: 1 }}>{company ? t.company(company.name) : t.noCompany}</Typography>
      {entry && form ? (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          {!entry.stored ? <span>{t.defaults}</span> : null}
          <TextField
            select
            label={t.format}
            value={form.format}
            onChange={(e) => change({ format: e.target.value as ExportFormat })}
            {...field('format', '')}
            sx={{ maxWidth: 320 }}
          >
            {EXPORT_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {EXPORT_FORMAT_LABELS[f]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={form.directoryEnabled}
                disabled={!canEdit}
                onChange={(e) => change({ directoryEnabled: e.target.checked })}
              />
            }
            label={t.directory}
          />
          {errors[F.enabled] ? (
            <Typography color="error" variant="body2" role="alert">
              {errors[F.enabled]}
            </Typography>
          ) : null}
          {form.directoryEnabled ? (
            <TextField
              label={t.path}
              value={form.directoryPath}
              onChange={(e) => change({ directoryPath: e.target.value })}
              {...field('path', t.pathHelp(id))}
              sx={{ maxWidth: 420 }}
            />
          ) : null}
          <FormControlLabel
            control={
              <Switch
                checked={form.httpEnabled}
                disabled={!canEdit}
                onChange={(e) => change({ httpEnabled: e.target.checked })}
              />
            }
            label={t.http}
          />
          {form.httpEnabled ? (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField
                label={t.url}
                value={form.httpUrl}
                onChange={(e) => change({ httpUrl: e.target.value })}
                {...field('url', t.urlHelp)}
                sx={{ minWidth: 380 }}
              />
              <TextField
                label={t.token}
                value={form.httpTokenEnv}
                onChange={(e) => change({ httpTokenEnv: e.target.value })}
                {...field('token', t.tokenHelp)}
                sx={{ minWidth: 280 }}
              />
            </Stack>
          ) : null}
          <FormControlLabel
            control={
              <Switch
                checked={form.festschreibung}
                disabled={!canEdit}
                onChange={(e) => change({ festschreibung: e.target.checked })}
              />
            }
            label={t.festschreibung}
          />
          <SettingActions
            setting={{ canEdit, saving, reset, stored: entry.stored }}
            texts={t}
            callbacks={callbacks}
          />
        </Stack>
      ) : null}
    </SettingSection>
  );
}
