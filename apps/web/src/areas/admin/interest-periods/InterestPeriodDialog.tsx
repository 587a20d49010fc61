import { type DefaultInterestPeriodEntry, defaultInterestPeriodInputSchema } from '@gewst/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, useForm } from 'react-hook-form';
import { useSaveDefaultInterestPeriod } from '../../../api/interest';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { showServerErrors } from '../../../components/form/serverErrors';
import { deInterest } from '../../../i18n/interest';
import { appStore } from '../../../store/store';
import { FormDateField } from '../../../components/form/DateField';

type FormValues = { year: string; starts_at: string };
const FIELDS: readonly Path<FormValues>[] = ['year', 'starts_at'];

export function InterestPeriodDialog({
  period,
  onClose,
}: {
  period: DefaultInterestPeriodEntry | null;
  onClose: () => void;
}) {
  const save = useSaveDefaultInterestPeriod();
  const { control, handleSubmit, setError } = useForm<FormValues>({
    resolver: zodResolver(defaultInterestPeriodInputSchema) as never,
    defaultValues: { year: period ? String(period.year) : '', starts_at: period?.starts_at ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const input = defaultInterestPeriodInputSchema.parse(values);
      await save.mutateAsync({ id: period?.id ?? null, input });
      appStore.showSnackbar(deInterest.periods.saved);
      onClose();
    } catch (error) {
      showServerErrors(error, FIELDS, setError);
    }
  });
  return (
    <FormDialog
      title={period ? deInterest.periods.editTitle : deInterest.periods.createTitle}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={save.isPending}
      maxWidth="xs"
    >
      <FormTextField
        control={control}
        name="year"
        label={deInterest.periods.year}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      />
      <FormDateField control={control} name="starts_at" label={deInterest.periods.startsAt} required />
    </FormDialog>
  );
}
