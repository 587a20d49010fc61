import { Stack, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { useSetting } from '../../../hooks/useSetting';
import { useSettingDraft } from '../../../hooks/useSettingDraft';
import { SettingActions } from './SettingActions';
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
  confirmTitle: 'Sperrzeit zurücksetzen?',
  confirmText:
    'Die gespeicherte Sperrzeit wird gelöscht; danach gilt die Vorgabe der Installation (DOCUMENT_LOCK_SECONDS) für die nächste Sperre.',
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An empty field saved means: no value of our own (the installation's default applies).
    if (value.trim() === '') return reset(callbacks(t.wasReset));
    if (!/^\d+$/.test(value.trim())) return setErrors({ [KEY]: t.notNumber });
    save(Number(value), callbacks(t.saved));
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
          <SettingActions
            setting={{ canEdit, saving, reset, stored: entry.stored }}
            texts={t}
            callbacks={callbacks}
            sx={{ alignItems: 'flex-start', pt: 1 }}
          />
        </Stack>
      ) : null}
    </SettingSection>
  );
}
