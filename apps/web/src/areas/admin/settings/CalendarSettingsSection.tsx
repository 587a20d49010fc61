import { FormControlLabel, Switch, Typography } from '@mui/material';
import { errorMessages } from '../../../api/errors';
import { useSetting } from '../../../hooks/useSetting';
import { appStore } from '../../../store/store';
import { SettingSection } from './SettingSection';

const KEY = 'calendar.holidays';
const t = {
  title: 'Vorgaben: Arbeitstage',
  intro:
    'Fällt ein Termin auf ein Wochenende oder einen Feiertag, gilt der nächste Werktag (§ 108 Abs. 3 AO). Gilt sofort für alle Berechnungen, ohne Neustart; jede Änderung steht mit Vorher/Nachher im Log.',
  bayern: '15. August (Mariä Himmelfahrt) in ganz Bayern als Feiertag behandeln',
  bayernHelp:
    'Feiertag nur in Gemeinden mit überwiegend katholischer Bevölkerung; aus: kein Feiertag in Bayern (vorsichtig, ein Termin verschiebt sich nie zu spät). Im Saarland gilt er immer.',
  saved: 'Einstellung gespeichert.',
};

/** Admin → Einstellungen → Vorgaben: the working-day calendar (regional holidays). */
export function CalendarSettingsSection() {
  const { query: entries, value, canEdit, saving, save } = useSetting(KEY);

  return (
    <SettingSection
      id="calendar-settings"
      title={t.title}
      intro={t.intro}
      entries={entries}
      canEdit={canEdit}
    >
      {value ? (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={value.bayern_mariae_himmelfahrt}
                disabled={!canEdit || saving}
                onChange={(e) =>
                  save(
                    { ...value, bayern_mariae_himmelfahrt: e.target.checked },
                    {
                      onSuccess: () => appStore.showSnackbar(t.saved),
                      onError: (err) => appStore.showSnackbar(errorMessages(err), 'error'),
                    },
                  )
                }
              />
            }
            label={t.bayern}
          />
          <Typography variant="body2" color="text.secondary">
            {t.bayernHelp}
          </Typography>
        </>
      ) : null}
    </SettingSection>
  );
}
