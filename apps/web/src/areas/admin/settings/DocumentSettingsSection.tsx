import { Button, Stack, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { useSetting } from '../../../hooks/useSetting';
import { useSettingDraft } from '../../../hooks/useSettingDraft';
import { SettingSection } from './SettingSection';

const KEY = 'documents.lock_seconds';
const t = {
  title: 'Dokumentenverarbeitung',
  intro:
    'Gilt für die ganze Installation und sofort, ohne Neustart: die nächste Sperre eines Dokuments nutzt den neuen Wert. Jede Änderung steht mit Vorher/Nachher im Log.',
  lockLabel: 'Sperrzeit in Prüfung (Sekunden)',
  lockHelp: (fallback: boolean) =>
    fallback
      ? 'Leer: Vorgabe der Installation (DOCUMENT_LOCK_SECONDS). Zwischen 60 und 86 400 Sekunden.'
      : 'Zwischen 60 und 86 400 Sekunden.',
  save: 'Speichern',
  reset: 'Vorgabe verwenden',
  saved: 'Einstellung gespeichert.',
  wasReset: 'Einstellung auf die Vorgabe zurückgesetzt.',
  notNumber: 'Bitte eine ganze Zahl von Sekunden angeben.',
};

/** Admin → Einstellungen → Dokumentenverarbeitung: the review lock time. */
export function DocumentSettingsSection() {
  const { query: entries, entry, canEdit, saving, save, reset } = useSetting(KEY);
  const { draft, errors, setErrors, edit, callbacks } = useSettingDraft<string>([KEY], KEY);
  const error = errors[KEY];
  const value = draft ?? (typeof entry?.value === 'number' ? String(entry.value) : '');

  const run = (next: number | undefined) => {
    if (next === undefined) reset(callbacks(t.wasReset));
    else save(next, callbacks(t.saved));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return run(undefined);
    const n = Number(value);
    if (!/^\d+$/.test(value.trim())) return setErrors({ [KEY]: t.notNumber });
    run(n);
  };

  return (
    <SettingSection
      id="document-settings"
      title={t.title}
      intro={t.intro}
      entries={entries}
      canEdit={canEdit}
      skeletonHeight={56}
    >
      {entry ? (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          onSubmit={submit}
          noValidate
        >
          <TextField
            label={t.lockLabel}
            value={value}
            onChange={(e) => edit(e.target.value)}
            error={error !== undefined}
            helperText={error ?? t.lockHelp(!entry.stored)}
            disabled={!canEdit}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ minWidth: 280 }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', pt: 1 }}>
            <Button type="submit" variant="contained" disabled={!canEdit} loading={saving}>
              {t.save}
            </Button>
            <Button onClick={() => run(undefined)} disabled={!canEdit || !entry.stored || saving}>
              {t.reset}
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </SettingSection>
  );
}
