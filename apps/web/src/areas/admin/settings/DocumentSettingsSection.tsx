import { Button, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { splitFieldErrors } from '../../../api/errors';
import { useSetting } from '../../../hooks/useSetting';
import { appStore } from '../../../store/store';
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
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? (typeof entry?.value === 'number' ? String(entry.value) : '');

  const run = (next: number | undefined) => {
    const callbacks = {
      onSuccess: () => {
        setDraft(null);
        setError(null);
        appStore.showSnackbar(next === undefined ? t.wasReset : t.saved);
      },
      onError: (e: unknown) => {
        const { byField, rest } = splitFieldErrors(e, [KEY]);
        setError(byField[KEY] ?? rest.join(' '));
      },
    };
    if (next === undefined) reset(callbacks);
    else save(next, callbacks);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return run(undefined);
    const n = Number(value);
    if (!/^\d+$/.test(value.trim())) return setError(t.notNumber);
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
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            error={error !== null}
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
