import { type InterestRateEntry, interestRateInputSchema } from '@gewst/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveInterestRate } from '../../../api/interest';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { showServerErrors } from '../../../components/form/serverErrors';
import { deInterest } from '../../../i18n/interest';
import { appStore } from '../../../store/store';
import { FormDateField } from '../../../components/form/DateField';

type FormValues = { valid_from: string; rate: string };
type Output = z.output<typeof interestRateInputSchema>;
const FIELDS: readonly Path<FormValues>[] = ['valid_from', 'rate'];

/** Create or edit an interest rate; rendered only while open. */
export function InterestRateDialog({
  rate,
  onClose,
}: {
  rate: InterestRateEntry | null;
  onClose: () => void;
}) {
  const save = useSaveInterestRate();
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, Output>({
    resolver: zodResolver(interestRateInputSchema) as never,
    defaultValues: { valid_from: rate?.valid_from ?? '', rate: rate?.rate ?? '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({
        id: rate?.id ?? null,
        input: { ...input, rate: input.rate.replace(',', '.') },
      });
      appStore.showSnackbar(deInterest.rates.saved);
      onClose();
    } catch (error) {
      showServerErrors(error, FIELDS, setError);
    }
  });
  return (
    <FormDialog
      title={rate ? deInterest.rates.editTitle : deInterest.rates.createTitle}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={save.isPending}
      maxWidth="xs"
    >
      <FormDateField control={control} name="valid_from" label={deInterest.rates.validFrom} required />
      <FormTextField
        control={control}
        name="rate"
        label={deInterest.rates.rate}
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </FormDialog>
  );
}
