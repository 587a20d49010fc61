import {
  CHARTS_OF_ACCOUNTS,
  type Company,
  type CompanyInput,
  companyInputSchema,
  contrastText,
  isHexColor,
  LEGAL_FORM_LABELS,
  LEGAL_FORMS,
  resolveMainColor,
} from '@gewst/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Chip, MenuItem } from '@mui/material';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveCompany } from '../../../api/companies';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { showServerErrors } from '../../../components/form/serverErrors';
import { de } from '../../../i18n/de';
import { appStore } from '../../../store/store';

type CompanyOutput = z.output<typeof companyInputSchema>;

const FIELDS: readonly Path<CompanyInput>[] = [
  'name',
  'main_color',
  'legal_form',
  'steuernummer',
  'finanzamt',
  'ags_geschaeftsleitung',
  'chart_of_accounts',
];

const DEFAULT_COLOR = '#1264af';

function toFormValues(company: Company | null): CompanyInput {
  return {
    name: company?.name ?? '',
    main_color: isHexColor(company?.main_color) ? company.main_color : DEFAULT_COLOR,
    legal_form: company?.legal_form ?? 'kapitalgesellschaft',
    steuernummer: company?.steuernummer ?? '',
    finanzamt: company?.finanzamt ?? '',
    ags_geschaeftsleitung: company?.ags_geschaeftsleitung ?? '',
    chart_of_accounts: company?.chart_of_accounts ?? 'SKR03',
  };
}

/** <input type="color"> needs #rrggbb. */
export function toSixDigitHex(value: string): string {
  if (!isHexColor(value)) return '#000000';
  if (value.length === 7) return value.toLowerCase();
  return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
}

interface CompanyDialogProps {
  /** null = create a new company. */
  company: Company | null;
  onClose: () => void;
}

/** Create or edit a company; rendered only while open so each opening starts fresh. */
export function CompanyDialog({ company, onClose }: CompanyDialogProps) {
  const save = useSaveCompany();
  const { control, handleSubmit, setError } = useForm<CompanyInput, unknown, CompanyOutput>({
    resolver: zodResolver(companyInputSchema),
    defaultValues: toFormValues(company),
  });
  const name = useWatch({ control, name: 'name' });
  const mainColor = useWatch({ control, name: 'main_color' });
  const previewColor = resolveMainColor(mainColor?.trim());

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: company?.id ?? null, input });
      appStore.showSnackbar(company ? de.companies.updated(input.name) : de.companies.created(input.name));
      onClose();
    } catch (error) {
      showServerErrors(error, FIELDS, setError);
    }
  });

  return (
    <FormDialog
      title={company ? de.companies.editTitle(company.name) : de.companies.createTitle}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={save.isPending}
      maxWidth="sm"
    >
      <FormTextField control={control} name="name" label={de.companies.name} required autoFocus fullWidth />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Controller
          control={control}
          name="main_color"
          render={({ field }) => (
            <Box
              component="input"
              type="color"
              aria-label={de.companies.mainColorPicker}
              value={toSixDigitHex(field.value?.trim() ?? '')}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
              sx={{
                width: 56,
                height: 40,
                p: 0.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'background.paper',
                cursor: 'pointer',
              }}
            />
          )}
        />
        <FormTextField
          control={control}
          name="main_color"
          label={de.companies.mainColor}
          helperText={de.companies.mainColorHint}
          required
          sx={{ flex: '1 1 200px' }}
        />
        <Chip
          aria-label={de.companies.preview}
          label={name?.trim() || de.companies.preview}
          sx={{
            mt: 0.5,
            bgcolor: previewColor,
            color: contrastText(previewColor),
            border: 1,
            borderColor: 'divider',
            maxWidth: 220,
          }}
        />
      </Box>
      <FormTextField control={control} name="legal_form" label={de.companies.legalForm} select fullWidth>
        {LEGAL_FORMS.map((form) => (
          <MenuItem key={form} value={form}>
            {LEGAL_FORM_LABELS[form]}
          </MenuItem>
        ))}
      </FormTextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="steuernummer" label={de.companies.steuernummer} />
        <FormTextField control={control} name="finanzamt" label={de.companies.finanzamt} />
        <FormTextField
          control={control}
          name="ags_geschaeftsleitung"
          label={de.companies.ags}
          helperText={de.companies.agsHint}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
        />
        <FormTextField control={control} name="chart_of_accounts" label={de.companies.chartOfAccounts} select>
          {CHARTS_OF_ACCOUNTS.map((chart) => (
            <MenuItem key={chart} value={chart}>
              {chart}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
    </FormDialog>
  );
}
