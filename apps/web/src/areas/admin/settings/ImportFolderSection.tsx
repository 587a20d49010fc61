import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { useSetting } from '../../../hooks/useSetting';
import { useSettingDraft } from '../../../hooks/useSettingDraft';
import { type ImportFolderForm, importFolderFormOf, importFolderValueOf } from './importFolderForm';
import { SettingActions } from './SettingActions';
import { SettingSection } from './SettingSection';

const KEY = 'documents.import_folder';
const FIELDS = [`${KEY}.enabled`, `${KEY}.path`, `${KEY}.interval_seconds`];
const t = {
  title: 'Dokumentenverarbeitung: Importordner',
  intro:
    'Aus dem Importordner werden PDFs je Firma (Unterordner mit der Nummer der Firma) wie ein Upload übernommen. Der Ordner liegt immer unterhalb des Importverzeichnisses der Installation (IMPORT_DIR). Jeder Server liest die Einstellung vor jedem Durchlauf: sie gilt ohne Neustart. Jede Änderung steht mit Vorher/Nachher im Log.',
  enabled: 'Importordner lesen',
  path: 'Unterordner',
  pathHelp: 'Leer: das Importverzeichnis selbst. Buchstaben, Ziffern, - und _, Ebenen mit /.',
  interval: 'Lesen alle … Sekunden',
  intervalHelp: 'Zwischen 5 und 86 400 Sekunden.',
  installation:
    'Derzeit gilt die Vorgabe der Installation (an, wenn IMPORT_DIR gesetzt ist; alle 5 Sekunden).',
  confirmTitle: 'Importordner zurücksetzen?',
  confirmText:
    'Die gespeicherte Einstellung wird gelöscht; danach gilt die Vorgabe der Installation (an, wenn IMPORT_DIR gesetzt ist; alle 5 Sekunden).',
  saved: 'Einstellung gespeichert.',
  wasReset: 'Einstellung auf die Vorgabe zurückgesetzt.',
};

/** Admin → Einstellungen → Dokumentenverarbeitung: the watched import folder. */
export function ImportFolderSection() {
  const { query, entry, value, canEdit, saving, save, reset } = useSetting(KEY);
  const { draft, errors, setErrors, edit, callbacks } = useSettingDraft<ImportFolderForm>(FIELDS);
  const form = draft ?? importFolderFormOf(value);
  const change = (next: Partial<ImportFolderForm>) => edit({ ...form, ...next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = importFolderValueOf(form);
    if ('error' in parsed) return setErrors({ [`${KEY}.${parsed.error.field}`]: parsed.error.message });
    save(parsed.value, callbacks(t.saved));
  };

  return (
    <SettingSection
      id="import-folder-settings"
      title={t.title}
      intro={t.intro}
      entries={query}
      canEdit={canEdit}
      skeletonHeight={56}
    >
      {entry ? (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          {!entry.stored ? <span>{t.installation}</span> : null}
          <FormControlLabel
            control={
              <Switch
                checked={form.enabled}
                disabled={!canEdit}
                onChange={(e) => change({ enabled: e.target.checked })}
              />
            }
            label={t.enabled}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t.path}
              value={form.path}
              onChange={(e) => change({ path: e.target.value })}
              error={!!errors[`${KEY}.path`]}
              helperText={errors[`${KEY}.path`] ?? t.pathHelp}
              disabled={!canEdit}
              sx={{ minWidth: 320 }}
            />
            <TextField
              label={t.interval}
              value={form.interval_seconds}
              onChange={(e) => change({ interval_seconds: e.target.value })}
              error={!!errors[`${KEY}.interval_seconds`]}
              helperText={errors[`${KEY}.interval_seconds`] ?? t.intervalHelp}
              disabled={!canEdit}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ minWidth: 200 }}
            />
          </Stack>
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
