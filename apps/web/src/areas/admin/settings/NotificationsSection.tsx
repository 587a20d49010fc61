import {
  NOTIFICATION_DUE_DAYS_DEFAULT,
  NOTIFICATION_DUE_DAYS_MAX,
  NOTIFICATION_DUE_DAYS_MIN,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationSettings,
} from '@gewst/domain';
import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { useSetting } from '../../../hooks/useSetting';
import { useSettingDraft } from '../../../hooks/useSettingDraft';
import { SettingActions } from './SettingActions';
import { SettingSection } from './SettingSection';

const KEY = 'notifications';
const DAYS = `${KEY}.due_days`;
const FIELDS = [...NOTIFICATION_EVENTS.map((e) => `${KEY}.${e}`), DAYS];
const t = {
  title: 'Benachrichtigungen',
  intro:
    'Welche Ereignisse als Benachrichtigung an der Glocke oben erscheinen. Jede Benutzerin und jeder Benutzer sieht nur Ereignisse der eigenen Firmen, für die die Rechte reichen. Es gibt nur Benachrichtigungen in der Anwendung, keine E-Mails. Die Einstellung gilt sofort ohne Neustart; jede Änderung steht mit Vorher/Nachher im Log.',
  days: 'Zahlungen fällig innerhalb von … Tagen',
  daysHelp: `Ganze Tage von ${NOTIFICATION_DUE_DAYS_MIN} bis ${NOTIFICATION_DUE_DAYS_MAX}; Vorgabe ${NOTIFICATION_DUE_DAYS_DEFAULT}.`,
  notNumber: 'Bitte eine ganze Zahl von Tagen angeben.',
  confirmTitle: 'Benachrichtigungen zurücksetzen?',
  confirmText: `Dann sind wieder alle Ereignisse eingeschaltet, Zahlungen mit einer Vorschau von ${NOTIFICATION_DUE_DAYS_DEFAULT} Tagen.`,
  saved: 'Benachrichtigungen gespeichert.',
  wasReset: 'Benachrichtigungen auf die Vorgabe zurückgesetzt.',
};

type Form = Omit<NotificationSettings, 'due_days'> & { due_days: string };

/** Admin → Einstellungen → Benachrichtigungen: which events are on, and the days ahead for payments. */
export function NotificationsSection() {
  const { query, entry, value, canEdit, saving, save, reset } = useSetting(KEY);
  const { draft, errors, setErrors, edit, callbacks } = useSettingDraft<Form>(FIELDS, DAYS);
  const form: Form | null = draft ?? (value ? { ...value, due_days: String(value.due_days) } : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    if (!/^\d+$/.test(form.due_days.trim())) return setErrors({ [DAYS]: t.notNumber });
    save({ ...form, due_days: Number(form.due_days) }, callbacks(t.saved));
  };

  return (
    <SettingSection
      id="notification-settings"
      title={t.title}
      intro={t.intro}
      entries={query}
      canEdit={canEdit}
    >
      {entry && form ? (
        <Stack component="form" spacing={1} onSubmit={submit} noValidate>
          {NOTIFICATION_EVENTS.map((e) => (
            <FormControlLabel
              key={e}
              control={
                <Switch
                  checked={form[e]}
                  disabled={!canEdit}
                  onChange={(ev) => edit({ ...form, [e]: ev.target.checked })}
                />
              }
              label={NOTIFICATION_EVENT_LABELS[e]}
            />
          ))}
          <TextField
            label={t.days}
            value={form.due_days}
            onChange={(e) => edit({ ...form, due_days: e.target.value })}
            error={errors[DAYS] !== undefined}
            helperText={errors[DAYS] ?? t.daysHelp}
            disabled={!canEdit || !form.payment_due}
            sx={{ maxWidth: 320, pt: 1 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'notification-due-days' } }}
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
