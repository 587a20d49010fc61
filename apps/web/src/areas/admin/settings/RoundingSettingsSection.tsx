import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { ZERLEGUNG_RUNDUNG, ZERLEGUNG_RUNDUNG_LABELS, type ZerlegungRundung } from '@gewst/domain';
import { errorMessages } from '../../../api/errors';
import { useSetting } from '../../../hooks/useSetting';
import { appStore } from '../../../store/store';
import { SettingSection } from './SettingSection';

const KEY = 'zerlegung.rundung';
const t = {
  title: 'Vorgaben: Rundung der Zerlegung',
  intro:
    'Wie die exakten Anteile am Messbetrag auf Cent gerundet werden (gesetzlich nicht geregelt). Gilt sofort für jede neue Berechnung und jede neue Version einer Zerlegung; gespeicherte Versionen behalten ihre Regel. Jede Änderung steht mit Vorher/Nachher im Log.',
  label: 'Rundungsregel',
  help: {
    largest_remainder:
      'Alle Anteile werden abgerundet, die fehlenden Cent gehen einzeln an die größten Reste (bei Gleichstand zuerst die Geschäftsleitung).',
    half_up:
      'Jeder Anteil wird für sich kaufmännisch gerundet; eine Abweichung der Summe wird als Hinweis gezeigt.',
    rest_an_geschaeftsleitung:
      'Alle anderen Anteile werden abgerundet, die Gemeinde der Geschäftsleitung erhält den Rest.',
  } satisfies Record<ZerlegungRundung, string>,
  saved: 'Einstellung gespeichert.',
};

/** Admin → Einstellungen → Vorgaben: the rounding policy of the Zerlegung. */
export function RoundingSettingsSection() {
  const { query, value, canEdit, saving, save } = useSetting(KEY);
  return (
    <SettingSection id="rounding-settings" title={t.title} intro={t.intro} entries={query} canEdit={canEdit}>
      {value ? (
        <FormControl disabled={!canEdit || saving}>
          <FormLabel id="rounding-label">{t.label}</FormLabel>
          <RadioGroup
            aria-labelledby="rounding-label"
            value={value}
            onChange={(e) =>
              save(e.target.value as ZerlegungRundung, {
                onSuccess: () => appStore.showSnackbar(t.saved),
                onError: (err) => appStore.showSnackbar(errorMessages(err), 'error'),
              })
            }
          >
            {ZERLEGUNG_RUNDUNG.map((r) => (
              <FormControlLabel
                key={r}
                value={r}
                control={<Radio />}
                label={
                  <>
                    {ZERLEGUNG_RUNDUNG_LABELS[r]}
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      component="span"
                      sx={{ display: 'block' }}
                    >
                      {t.help[r]}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      ) : null}
    </SettingSection>
  );
}
