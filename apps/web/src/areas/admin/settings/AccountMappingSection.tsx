import {
  ACCOUNT_PURPOSE_LABELS,
  ACCOUNT_PURPOSES,
  type AccountMapping,
  type AccountPurpose,
  CHARTS,
  type Chart,
  presetAccounts,
} from '@gewst/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accountMappingQuery, bookingApi, useBookingMutation } from '../../../api/bookings';
import { splitFieldErrors } from '../../../api/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryError } from '../../../components/QueryState';
import { bookingTexts } from '../../../i18n/bookings';
import { appStore, useAppState, useCan, useCurrentCompany } from '../../../store/store';

const t = bookingTexts.mapping;

interface Form {
  chart: Chart;
  accounts: Record<AccountPurpose, string>;
  account_length: string;
  fiscal_year_start: string;
  datev_berater: string;
  datev_mandant: string;
}

const toForm = (m: AccountMapping): Form => ({
  chart: m.chart,
  accounts: { ...m.accounts },
  account_length: String(m.account_length),
  fiscal_year_start: m.fiscal_year_start,
  datev_berater: m.datev_berater === null ? '' : String(m.datev_berater),
  datev_mandant: m.datev_mandant === null ? '' : String(m.datev_mandant),
});

const FIELDS = [
  ...ACCOUNT_PURPOSES.map((p) => `accounts.${p}`),
  'chart',
  'account_length',
  'fiscal_year_start',
  'datev_berater',
  'datev_mandant',
] as const;

const int = (s: string) => (s.trim() === '' ? null : /^\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);

/**
 * Admin → Einstellungen, first section: the account mapping of a company's bookings
 * (settings key bookings.accounts). Saving needs "Customizing-Daten ändern"; a change
 * applies to bookings generated afterwards.
 */
export function AccountMappingSection() {
  const current = useCurrentCompany();
  const companies = useAppState((s) => s.companies);
  const canEdit = useCan('changeCustomizingData');
  const [companyId, setCompanyId] = useState<number | null>(current?.id ?? null);
  const id = companyId ?? current?.id ?? 0;
  const query = useQuery({ ...accountMappingQuery(id), enabled: id > 0 });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useBookingMutation((f: Form) =>
    bookingApi.setAccountMapping(id, {
      chart: f.chart,
      accounts: Object.fromEntries(ACCOUNT_PURPOSES.map((p) => [p, f.accounts[p].trim()])) as Record<
        AccountPurpose,
        string
      >,
      account_length: Number(f.account_length),
      fiscal_year_start: f.fiscal_year_start.trim(),
      datev_berater: int(f.datev_berater),
      datev_mandant: int(f.datev_mandant),
    }),
  );
  const reset = useBookingMutation(() => bookingApi.resetAccountMapping(id));

  useEffect(() => {
    if (query.data) setForm(toForm(query.data.mapping));
    setErrors({});
  }, [query.data]);

  const onError = (e: unknown) => {
    const { byField, rest } = splitFieldErrors(e, FIELDS);
    setErrors(byField);
    if (rest.length) appStore.showSnackbar(rest, 'error');
  };
  const text = (key: keyof Omit<Form, 'accounts' | 'chart'>, label: string, width = 220) =>
    form ? (
      <TextField
        label={label}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        error={!!errors[key]}
        helperText={errors[key]}
        size="small"
        sx={{ width }}
        slotProps={{ input: { readOnly: !canEdit } }}
      />
    ) : null;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="account-mapping-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="account-mapping-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t.title}
        </Typography>
        <TextField
          select
          label={t.company}
          value={id || ''}
          onChange={(e) => setCompanyId(Number(e.target.value))}
          size="small"
          sx={{ minWidth: 260 }}
        >
          {companies.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.hint} {t.costCentre}
      </Typography>
      {!canEdit ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.readOnly}
        </Alert>
      ) : null}
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {!form || !query.data ? (
        <Skeleton height={320} />
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!canEdit) return;
            save.mutate(form, {
              onSuccess: () => appStore.showSnackbar(t.saved),
              onError,
            });
          }}
        >
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
          >
            <Chip
              label={query.data.stored ? t.stored : t.preset(form.chart)}
              color={query.data.stored ? 'success' : 'default'}
              data-testid="mapping-state"
            />
            <TextField
              select
              label={t.chart}
              value={form.chart}
              onChange={(e) => setForm({ ...form, chart: e.target.value as Chart })}
              size="small"
              sx={{ width: 140 }}
              disabled={!canEdit}
            >
              {CHARTS.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            {text('account_length', t.accountLength, 150)}
            {canEdit ? (
              <Button
                variant="outlined"
                onClick={() => {
                  const length = Number(form.account_length);
                  setForm({
                    ...form,
                    accounts: presetAccounts(form.chart, length >= 4 && length <= 8 ? length : 4),
                  });
                }}
              >
                {t.applyPreset}
              </Button>
            ) : null}
          </Stack>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2, mb: 2 }}
          >
            {ACCOUNT_PURPOSES.map((p) => (
              <TextField
                key={p}
                label={ACCOUNT_PURPOSE_LABELS[p]}
                value={form.accounts[p]}
                onChange={(e) => setForm({ ...form, accounts: { ...form.accounts, [p]: e.target.value } })}
                error={!!errors[`accounts.${p}`]}
                helperText={errors[`accounts.${p}`]}
                size="small"
                slotProps={{
                  input: { readOnly: !canEdit },
                  htmlInput: { inputMode: 'numeric', 'data-testid': `account-${p}` },
                }}
              />
            ))}
          </Box>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            {text('fiscal_year_start', t.fiscalYearStart)}
            {text('datev_berater', t.berater)}
            {text('datev_mandant', t.mandant)}
          </Stack>
          {canEdit ? (
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" loading={save.isPending}>
                {t.save}
              </Button>
              {query.data.stored ? (
                <Button color="error" onClick={() => setConfirmReset(true)}>
                  {t.reset}
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </Box>
      )}
      <ConfirmDialog
        open={confirmReset}
        title={t.resetTitle}
        text={t.resetText}
        confirmLabel={t.reset}
        busy={reset.isPending}
        onClose={() => setConfirmReset(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              appStore.showSnackbar(t.resetDone);
              setConfirmReset(false);
            },
            onError: (e) => {
              onError(e);
              setConfirmReset(false);
            },
          })
        }
      />
    </Paper>
  );
}
