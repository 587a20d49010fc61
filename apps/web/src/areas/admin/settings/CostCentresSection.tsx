import { COST_CENTRE_PURPOSE_LABELS, COST_CENTRE_PURPOSES, type CostCentrePurpose } from '@gewst/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { masterDataListQuery } from '../../../api/masterData';
import { useSetting } from '../../../hooks/useSetting';
import { useSettingDraft } from '../../../hooks/useSettingDraft';
import { useCurrentCompany } from '../../../store/store';
import {
  type CostCentreRuleForm,
  type CostCentresForm,
  costCentresFormOf,
  costCentresValueOf,
  EMPTY_RULE,
} from './costCentresForm';
import { SettingActions } from './SettingActions';
import { SettingSection } from './SettingSection';

const KEY = 'bookings.cost_centres';
const RULE_FIELDS = ['purpose', 'ags', 'master_data_id', 'kost1', 'kost2'] as const;
/** Every field the server may name (at most 500 rules); the list-wide message comes last. */
const FIELDS = [
  `${KEY}.default_kost1`,
  `${KEY}.default_kost2`,
  ...Array.from({ length: 500 }, (_, i) => RULE_FIELDS.map((f) => `${KEY}.rules.${i}.${f}`)).flat(),
  `${KEY}.rules`,
];
const t = {
  title: 'Je Firma: Kostenstellen (KOST1/KOST2)',
  intro:
    'Welche Kostenstellen die Buchungen der gewählten Firma im DATEV-Export tragen. Reihenfolge: KOST1 aus den Stammdaten der Betriebsstätte, wenn dort eine Kostenstelle steht; sonst die spezifischste passende Regel (Betriebsstätte zählt 4, Gemeinde 2, Buchungszweck 1; bei Gleichstand die obere); sonst die Vorgabe. KOST2 ebenso, nur ohne Stammdaten. Höchstens 36 Zeichen, keine Anführungszeichen. Gilt für Buchungen, die danach erzeugt werden, ohne Neustart; jede Änderung steht mit Vorher/Nachher im Log.',
  noCompany: 'Bitte oben eine Firma wählen.',
  company: (name: string) => `Firma: ${name}`,
  defaultKost1: 'Vorgabe KOST1',
  defaultKost2: 'Vorgabe KOST2',
  defaultHelp: 'Leer: keine.',
  rules: 'Regeln',
  noRules: 'Keine Regeln.',
  purpose: (n: number) => `Buchungszweck (Regel ${n})`,
  ags: (n: number) => `Gemeinde (Regel ${n})`,
  establishment: (n: number) => `Betriebsstätte (Regel ${n})`,
  kost1: (n: number) => `KOST1 (Regel ${n})`,
  kost2: (n: number) => `KOST2 (Regel ${n})`,
  any: 'alle',
  remove: (n: number) => `Regel ${n} entfernen`,
  add: 'Regel hinzufügen',
  confirmTitle: 'Kostenstellen-Regeln zurücksetzen?',
  confirmText:
    'Vorgabe und alle Regeln dieser Firma werden entfernt. Neue Buchungen tragen dann nur die Kostenstelle aus den Stammdaten der Betriebsstätte.',
  saved: 'Einstellung gespeichert.',
  wasReset: 'Einstellung auf die Vorgabe zurückgesetzt.',
};

/** Admin → Einstellungen → Je Firma: default and rules for KOST1/KOST2 (bookings.cost_centres). */
export function CostCentresSection() {
  const company = useCurrentCompany();
  const id = company?.id ?? 0;
  const { query, entry, value, canEdit, saving, save, reset } = useSetting(KEY, id);
  const establishments = useQuery({ ...masterDataListQuery(id, { per_page: 200 }), enabled: id > 0 });
  const draftState = useSettingDraft<CostCentresForm & { company: number }>(FIELDS);
  const { errors, edit, callbacks } = draftState;
  // A draft belongs to the company it was typed for.
  const draft = draftState.draft?.company === id ? draftState.draft : null;
  const form = draft ?? (value ? costCentresFormOf(value) : null);
  const change = (next: Partial<CostCentresForm>) => form && edit({ ...form, ...next, company: id });
  const changeRule = (i: number, next: Partial<CostCentreRuleForm>) =>
    form && change({ rules: form.rules.map((r, j) => (j === i ? { ...r, ...next } : r)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form) save(costCentresValueOf(form), callbacks(t.saved));
  };
  const err = (path: string, help = '') => ({
    error: !!errors[`${KEY}.${path}`],
    helperText: errors[`${KEY}.${path}`] ?? help,
    disabled: !canEdit,
    size: 'small' as const,
  });
  const list = establishments.data?.data ?? [];
  const municipalities = [...new Map(list.map((m) => [m.ags, m.municipality_name])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1], 'de'),
  );

  return (
    <SettingSection
      id="cost-centre-settings"
      title={t.title}
      intro={t.intro}
      entries={query}
      canEdit={canEdit}
      skeletonHeight={120}
    >
      <Typography sx={{ mb: 1 }}>{company ? t.company(company.name) : t.noCompany}</Typography>
      {entry && form ? (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t.defaultKost1}
              value={form.default_kost1}
              onChange={(e) => change({ default_kost1: e.target.value })}
              {...err('default_kost1', t.defaultHelp)}
            />
            <TextField
              label={t.defaultKost2}
              value={form.default_kost2}
              onChange={(e) => change({ default_kost2: e.target.value })}
              {...err('default_kost2', t.defaultHelp)}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t.rules}
          </Typography>
          {form.rules.length === 0 ? <Typography color="text.secondary">{t.noRules}</Typography> : null}
          {form.rules.map((rule, i) => {
            const n = i + 1;
            return (
              <Stack
                key={i}
                direction={{ xs: 'column', lg: 'row' }}
                spacing={1}
                sx={{ alignItems: 'flex-start' }}
              >
                <TextField
                  select
                  label={t.purpose(n)}
                  value={rule.purpose}
                  onChange={(e) => changeRule(i, { purpose: e.target.value as CostCentrePurpose | '' })}
                  {...err(`rules.${i}.purpose`)}
                  sx={{ minWidth: 240 }}
                >
                  <MenuItem value="">{t.any}</MenuItem>
                  {COST_CENTRE_PURPOSES.map((p) => (
                    <MenuItem key={p} value={p}>
                      {COST_CENTRE_PURPOSE_LABELS[p]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label={t.ags(n)}
                  value={rule.ags}
                  onChange={(e) => changeRule(i, { ags: e.target.value })}
                  {...err(`rules.${i}.ags`)}
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="">{t.any}</MenuItem>
                  {rule.ags && !municipalities.some(([ags]) => ags === rule.ags) ? (
                    <MenuItem value={rule.ags}>{rule.ags}</MenuItem>
                  ) : null}
                  {municipalities.map(([ags, name]) => (
                    <MenuItem key={ags} value={ags}>
                      {name} ({ags})
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label={t.establishment(n)}
                  value={rule.master_data_id}
                  onChange={(e) => changeRule(i, { master_data_id: e.target.value })}
                  {...err(`rules.${i}.master_data_id`)}
                  sx={{ minWidth: 220 }}
                >
                  <MenuItem value="">{t.any}</MenuItem>
                  {rule.master_data_id && !list.some((m) => String(m.id) === rule.master_data_id) ? (
                    <MenuItem value={rule.master_data_id}>#{rule.master_data_id}</MenuItem>
                  ) : null}
                  {list.map((m) => (
                    <MenuItem key={m.id} value={String(m.id)}>
                      {m.designation}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label={t.kost1(n)}
                  value={rule.kost1}
                  onChange={(e) => changeRule(i, { kost1: e.target.value })}
                  {...err(`rules.${i}.kost1`)}
                />
                <TextField
                  label={t.kost2(n)}
                  value={rule.kost2}
                  onChange={(e) => changeRule(i, { kost2: e.target.value })}
                  {...err(`rules.${i}.kost2`)}
                />
                <IconButton
                  aria-label={t.remove(n)}
                  disabled={!canEdit}
                  onClick={() => change({ rules: form.rules.filter((_, j) => j !== i) })}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            );
          })}
          {errors[`${KEY}.rules`] ? (
            <Typography color="error" variant="body2" role="alert">
              {errors[`${KEY}.rules`]}
            </Typography>
          ) : null}
          <SettingActions
            setting={{ canEdit, saving, reset, stored: entry.stored }}
            texts={t}
            callbacks={callbacks}
          >
            <Button onClick={() => change({ rules: [...form.rules, { ...EMPTY_RULE }] })} disabled={!canEdit}>
              {t.add}
            </Button>
          </SettingActions>
        </Stack>
      ) : null}
    </SettingSection>
  );
}
