import { RETENTION_DEFAULT_YEARS, RETENTION_MAX_YEARS, RETENTION_MIN_YEARS } from '@gewst/domain';
import { Alert, Box, Button, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSetting } from '../../../hooks/useSetting';
import { useSettingDraft } from '../../../hooks/useSettingDraft';
import { ExpiredOriginals } from './ExpiredOriginals';
import { SettingSection } from './SettingSection';

const KEY = 'documents.retention';
const FIELD = `${KEY}.years`;
const t = {
  title: 'Dokumentenverarbeitung: Aufbewahrung der Originale',
  intro:
    'Wie lange die Original-PDF/XML-Dateien aufbewahrt werden (§ 147 AO). Die Frist beginnt mit dem Ende des Kalenderjahres, des Bescheiddatums (ohne erkanntes Datum: des Eingangs) oder der letzten Zahlung bzw. Buchung – je nachdem, was später liegt – und endet am 31. Dezember. Nach Ablauf geschieht nichts automatisch: abgelaufene Dokumente werden nur aufgelistet, ihre Originale löscht eine Administratorin oder ein Administrator ausdrücklich. Jede Änderung steht mit Vorher/Nachher im Log.',
  legal:
    'Vorsicht: Die Frist endet nicht, solange die Unterlagen für eine Steuer von Bedeutung sind, deren Festsetzungsfrist noch läuft (§ 147 Abs. 3 AO, z. B. bei Außenprüfung, Einspruch oder Klage). Die Vorgabe von 10 Jahren entspricht der Frist für Buchungsbelege und ist bewusst vorsichtig.',
  label: 'Aufbewahrungsfrist (Jahre)',
  help: `Ganze Jahre von ${RETENTION_MIN_YEARS} bis ${RETENTION_MAX_YEARS}; Vorgabe ${RETENTION_DEFAULT_YEARS}.`,
  notNumber: 'Bitte eine ganze Zahl von Jahren angeben.',
  save: 'Speichern',
  reset: 'Vorgabe verwenden',
  resetTitle: 'Aufbewahrungsfrist zurücksetzen?',
  resetText: `Die Aufbewahrungsfrist gilt dann wieder mit der Vorgabe von ${RETENTION_DEFAULT_YEARS} Jahren. Die Liste der abgelaufenen Dokumente richtet sich sofort danach.`,
  saved: 'Aufbewahrungsfrist gespeichert.',
  wasReset: 'Aufbewahrungsfrist auf die Vorgabe zurückgesetzt.',
};

/** Admin → Einstellungen → Dokumentenverarbeitung: retention of originals and the expired list. */
export function RetentionSection() {
  const { query: entries, entry, value: stored, canEdit, saving, save, reset } = useSetting(KEY);
  const { draft, errors, setErrors, edit, callbacks } = useSettingDraft<string>([FIELD], FIELD);
  const [asking, setAsking] = useState(false);
  const value = draft ?? (stored ? String(stored.years) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d+$/.test(value.trim())) return setErrors({ [FIELD]: t.notNumber });
    save({ years: Number(value) }, callbacks(t.saved));
  };

  return (
    <SettingSection
      id="retention-settings"
      title={t.title}
      intro={t.intro}
      entries={entries}
      canEdit={canEdit}
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t.legal}
      </Alert>
      {entry ? (
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            label={t.label}
            value={value}
            error={errors[FIELD] !== undefined}
            helperText={errors[FIELD] ?? t.help}
            onChange={(e) => edit(e.target.value)}
            disabled={!canEdit}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'retention-years' } }}
          />
          <Button sx={{ mt: 1 }} type="submit" variant="contained" loading={saving} disabled={!canEdit}>
            {t.save}
          </Button>
          <Button
            sx={{ mt: 1 }}
            disabled={saving || !canEdit || !entry.stored}
            onClick={() => setAsking(true)}
          >
            {t.reset}
          </Button>
        </Box>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t.resetTitle}
        text={t.resetText}
        confirmLabel={t.reset}
        destructive={false}
        busy={saving}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          reset(callbacks(t.wasReset));
        }}
      />
      {canEdit ? <ExpiredOriginals /> : null}
    </SettingSection>
  );
}
