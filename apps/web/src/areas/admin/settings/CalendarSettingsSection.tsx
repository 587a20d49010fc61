import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
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
  fronleichnam:
    'Fronleichnam auch in sächsischen und thüringischen Gemeinden, in denen er nur in einzelnen Ortsteilen Feiertag ist',
  fronleichnamHelp:
    'Fronleichnam gilt in Sachsen und Thüringen nur in den per Verordnung bestimmten Gemeinden (u. a. Crostwitz, Radibor, ganzer Landkreis Eichsfeld, Geisa) immer. In Gemeinden wie Bautzen oder Königswartha nur einzelne Ortsteile; aus: dort kein Feiertag (vorsichtig).',
  saved: 'Einstellung gespeichert.',
};

const SWITCHES = [
  { field: 'bayern_mariae_himmelfahrt', label: t.bayern, help: t.bayernHelp },
  { field: 'fronleichnam_ortsteile', label: t.fronleichnam, help: t.fronleichnamHelp },
] as const;

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
          {SWITCHES.map((sw) => (
            <Box key={sw.field} sx={{ mb: 1 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={value[sw.field]}
                    disabled={!canEdit || saving}
                    onChange={(e) =>
                      save(
                        { ...value, [sw.field]: e.target.checked },
                        {
                          onSuccess: () => appStore.showSnackbar(t.saved),
                          onError: (err) => appStore.showSnackbar(errorMessages(err), 'error'),
                        },
                      )
                    }
                  />
                }
                label={sw.label}
              />
              <Typography variant="body2" color="text.secondary">
                {sw.help}
              </Typography>
            </Box>
          ))}
        </>
      ) : null}
    </SettingSection>
  );
}
