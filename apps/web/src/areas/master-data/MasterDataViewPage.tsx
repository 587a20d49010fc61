import {
  formatIban,
  type MasterData,
  type MasterDataInput,
  masterDataInputSchema,
  REFERENCE_KIND_LABELS,
  REFERENCE_KINDS,
} from '@gewst/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, type Path, useFieldArray, useForm } from 'react-hook-form';
import { useBlocker, useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessages } from '../../api/errors';
import { masterDataQuery, useDeleteMasterData, useSaveMasterData } from '../../api/masterData';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormTextField } from '../../components/form/FormTextField';
import { showServerErrors } from '../../components/form/serverErrors';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { QueryError } from '../../components/QueryState';
import { masterDataTexts as t } from '../../i18n/masterData';
import { appStore, useCan, useCurrentCompany } from '../../store/store';
import { MunicipalityAutocomplete, type MunicipalityValue } from './MunicipalityAutocomplete';
import { EstablishmentActivity } from './EstablishmentActivity';
import { RateTable } from './RateTable';
import { FormDateField } from '../../components/form/DateField';

type Output = z.output<typeof masterDataInputSchema>;

const FIELDS: readonly Path<MasterDataInput>[] = [
  'ags',
  'designation',
  'street',
  'zip',
  'city',
  'steuernummer',
  'iban',
  'bic',
  'bank_name',
  'creditor_number',
  'cost_center',
  'valid_from',
  'valid_to',
  'geschaeftsleitung',
  'remarks',
];

function toForm(r: MasterData | null): MasterDataInput {
  return {
    ags: r?.ags ?? '',
    designation: r?.designation ?? '',
    street: r?.street ?? '',
    zip: r?.zip ?? '',
    city: r?.city ?? '',
    steuernummer: r?.steuernummer ?? '',
    iban: formatIban(r?.iban),
    bic: r?.bic ?? '',
    bank_name: r?.bank_name ?? '',
    creditor_number: r?.creditor_number ?? '',
    cost_center: r?.cost_center ?? '',
    valid_from: r?.valid_from ?? '',
    valid_to: r?.valid_to ?? '',
    geschaeftsleitung: r?.geschaeftsleitung ?? false,
    remarks: r?.remarks ?? '',
    references: r?.references ?? [{ kind: 'kassenzeichen', value: '' }],
    wages: (r?.wages ?? []).map((w) => ({ ...w, employees: w.employees ?? undefined })),
  };
}

export default function MasterDataViewPage({ id, create }: { id?: string; create?: boolean }) {
  const numericId = create ? null : Number(id);
  const record = useQuery({
    ...masterDataQuery(numericId ?? 0),
    enabled: numericId != null && numericId > 0,
  });
  if (numericId != null) {
    if (record.isPending) return <PageLoader />;
    if (record.isError) return <QueryError error={record.error} onRetry={() => void record.refetch()} />;
    return <MasterDataForm key={record.data.updated_at} record={record.data} />;
  }
  return <MasterDataForm record={null} />;
}

function MasterDataForm({ record }: { record: MasterData | null }) {
  const company = useCurrentCompany();
  const canChange = useCan('changeMasterdata');
  const navigate = useNavigate();
  const save = useSaveMasterData();
  const remove = useDeleteMasterData();
  const [deleting, setDeleting] = useState(false);
  const [municipality, setMunicipality] = useState<MunicipalityValue | null>(
    record ? { ags: record.ags, name: record.municipality_name } : null,
  );
  const { control, handleSubmit, setError, setValue, formState, reset } = useForm<
    MasterDataInput,
    unknown,
    Output
  >({
    resolver: zodResolver(masterDataInputSchema),
    defaultValues: toForm(record),
  });
  const references = useFieldArray({ control, name: 'references' });
  const wages = useFieldArray({ control, name: 'wages' });
  /** Set right before navigating away after a save or delete, when nothing is unsaved. */
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && formState.isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!formState.isDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [formState.isDirty]);

  const companyId = record?.company_id ?? company?.id ?? null;
  const onSubmit = handleSubmit(async (input) => {
    if (companyId == null) return;
    try {
      const saved = await save.mutateAsync({ id: record?.id ?? null, companyId, input });
      reset(toForm(saved));
      appStore.showSnackbar(record ? t.saved(saved.designation) : t.created(saved.designation));
      if (!record) {
        leaving.current = true;
        navigate(`/stammdaten/${saved.id}`, { replace: true });
      }
    } catch (error) {
      showServerErrors(error, [...FIELDS, ...referenceFieldPaths(input)], setError);
    }
  });

  if (!record && !company) return <Alert severity="info">{t.noCompany}</Alert>;
  const readOnly = !canChange;

  return (
    <>
      <PageHeader
        title={record ? t.editTitle(record.designation) : t.createTitle}
        actions={
          record && canChange ? (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
              {t.delete}
            </Button>
          ) : undefined
        }
      />
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={record ? t.editTitle(record.designation) : t.createTitle}
      >
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t.sections.base}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Controller
                control={control}
                name="ags"
                render={({ fieldState }) => (
                  <MunicipalityAutocomplete
                    value={municipality}
                    onChange={(m) => {
                      setMunicipality(m);
                      setValue('ags', m?.ags ?? '', { shouldDirty: true, shouldValidate: true });
                      if (m && m.plz.length === 1) setValue('zip', m.plz[0] ?? '', { shouldDirty: true });
                    }}
                    error={fieldState.error != null}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
              <FormTextField
                control={control}
                name="designation"
                label={t.fields.designation}
                required
                disabled={readOnly}
              />
              <FormTextField control={control} name="street" label={t.fields.street} disabled={readOnly} />
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '120px 1fr' }}>
                <FormTextField control={control} name="zip" label={t.fields.zip} disabled={readOnly} />
                <FormTextField control={control} name="city" label={t.fields.city} disabled={readOnly} />
              </Box>
              <FormTextField
                control={control}
                name="steuernummer"
                label={t.fields.steuernummer}
                disabled={readOnly}
              />
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
                <FormTextField
                  control={control}
                  name="creditor_number"
                  label={t.fields.creditor_number}
                  disabled={readOnly}
                />
                <FormTextField
                  control={control}
                  name="cost_center"
                  label={t.fields.cost_center}
                  disabled={readOnly}
                />
              </Box>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
                <FormDateField
                  control={control}
                  name="valid_from"
                  label={t.fields.valid_from}
                  disabled={readOnly}
                />
                <FormDateField
                  control={control}
                  name="valid_to"
                  label={t.fields.valid_to}
                  disabled={readOnly}
                />
              </Box>
              <Controller
                control={control}
                name="geschaeftsleitung"
                render={({ field, fieldState }) => (
                  <Box>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={field.value === true}
                          onChange={(e) => field.onChange(e.target.checked)}
                          disabled={readOnly}
                        />
                      }
                      label={t.fields.geschaeftsleitung}
                    />
                    {fieldState.error ? (
                      <Typography color="error" variant="caption" component="p">
                        {fieldState.error.message}
                      </Typography>
                    ) : null}
                  </Box>
                )}
              />
              <FormTextField
                control={control}
                name="remarks"
                label={t.fields.remarks}
                multiline
                minRows={2}
                disabled={readOnly}
                sx={{ gridColumn: { md: '1 / span 2' } }}
              />
            </Box>
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t.sections.references}
            </Typography>
            <Stack spacing={1}>
              {references.fields.map((f, i) => (
                <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <FormTextField
                    control={control}
                    name={`references.${i}.kind`}
                    label={t.fields.kind}
                    select
                    sx={{ width: 200 }}
                    disabled={readOnly}
                  >
                    {REFERENCE_KINDS.map((k) => (
                      <MenuItem key={k} value={k}>
                        {REFERENCE_KIND_LABELS[k]}
                      </MenuItem>
                    ))}
                  </FormTextField>
                  <FormTextField
                    control={control}
                    name={`references.${i}.value`}
                    label={t.fields.value}
                    sx={{ flex: 1 }}
                    disabled={readOnly}
                  />
                  {canChange ? (
                    <IconButton aria-label={t.remove} onClick={() => references.remove(i)}>
                      <DeleteIcon />
                    </IconButton>
                  ) : null}
                </Box>
              ))}
            </Stack>
            {canChange ? (
              <Button size="small" onClick={() => references.append({ kind: 'kassenzeichen', value: '' })}>
                {t.addReference}
              </Button>
            ) : null}
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t.sections.bank}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 2fr' } }}>
              <FormTextField control={control} name="iban" label={t.fields.iban} disabled={readOnly} />
              <FormTextField control={control} name="bic" label={t.fields.bic} disabled={readOnly} />
              <FormTextField
                control={control}
                name="bank_name"
                label={t.fields.bank_name}
                disabled={readOnly}
              />
            </Box>
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t.sections.wages}
            </Typography>
            <Stack spacing={1}>
              {wages.fields.map((f, i) => (
                <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <FormTextField
                    control={control}
                    name={`wages.${i}.year`}
                    label={t.fields.year}
                    sx={{ width: 120 }}
                    disabled={readOnly}
                  />
                  <FormTextField
                    control={control}
                    name={`wages.${i}.employees`}
                    label={t.fields.employees}
                    sx={{ width: 160 }}
                    disabled={readOnly}
                  />
                  <FormTextField
                    control={control}
                    name={`wages.${i}.wages`}
                    label={t.fields.wages}
                    sx={{ flex: 1 }}
                    disabled={readOnly}
                  />
                  {canChange ? (
                    <IconButton aria-label={t.remove} onClick={() => wages.remove(i)}>
                      <DeleteIcon />
                    </IconButton>
                  ) : null}
                </Box>
              ))}
            </Stack>
            {canChange ? (
              <Button
                size="small"
                onClick={() => wages.append({ year: new Date().getFullYear() - 1, employees: 0, wages: '' })}
              >
                {t.addWages}
              </Button>
            ) : null}
          </Paper>

          {canChange ? (
            <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
              <Button onClick={() => navigate('/stammdaten')}>{t.cancel}</Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t.save}
              </Button>
            </Box>
          ) : null}
        </Stack>
      </form>

      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t.sections.rates}
        </Typography>
        {record ? (
          <RateTable record={record} canChange={canChange} />
        ) : (
          <Alert severity="info">{t.ratesAfterCreate}</Alert>
        )}
      </Paper>

      {record ? <EstablishmentActivity companyId={record.company_id} masterDataId={record.id} /> : null}

      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          open
          title={t.unsavedTitle}
          text={t.unsaved}
          confirmLabel={t.leave}
          onConfirm={() => blocker.proceed()}
          onClose={() => blocker.reset()}
        />
      ) : null}
      {deleting && record ? (
        <ConfirmDialog
          open
          title={t.delete}
          text={t.deleteConfirm(record.designation)}
          confirmLabel={t.delete}
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(record.id);
              appStore.showSnackbar(t.deleted(record.designation));
              leaving.current = true;
              navigate('/stammdaten');
            } catch (error) {
              appStore.showSnackbar(errorMessages(error), 'error');
            } finally {
              setDeleting(false);
            }
          }}
        />
      ) : null}
    </>
  );
}

function referenceFieldPaths(input: MasterDataInput): Path<MasterDataInput>[] {
  return [
    ...(input.references ?? []).map((_r, i) => `references.${i}.value` as Path<MasterDataInput>),
    ...(input.wages ?? []).flatMap((_w, i) =>
      (['year', 'employees', 'wages'] as const).map((f) => `wages.${i}.${f}` as Path<MasterDataInput>),
    ),
  ];
}
