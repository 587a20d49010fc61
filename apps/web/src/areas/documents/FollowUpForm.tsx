import { type DocumentDetail, documentUpdateDueSchema, isoDateSchema } from '@gewst/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../components/form/FormTextField';
import { documentTexts as t } from '../../i18n/documents';
import { FormDateField } from '../../components/form/DateField';

/** Both values are needed to set a follow-up (the contract's rule: set together or clear together). */
const followUpSchema = z.object({
  dueDate: isoDateSchema,
  dueText: documentUpdateDueSchema.shape.dueText.unwrap(),
});
type FollowUp = z.input<typeof followUpSchema>;

export function FollowUpForm({
  doc,
  editable,
  busy,
  onSave,
}: {
  doc: DocumentDetail;
  editable: boolean;
  busy: boolean;
  onSave: (value: { dueDate: string | null; dueText: string | null }) => Promise<boolean>;
}) {
  const { control, handleSubmit, reset, formState } = useForm<FollowUp>({
    resolver: zodResolver(followUpSchema),
    defaultValues: { dueDate: doc.dueDate ?? '', dueText: doc.dueText ?? '' },
  });
  useEffect(() => {
    reset({ dueDate: doc.dueDate ?? '', dueText: doc.dueText ?? '' });
  }, [doc.dueDate, doc.dueText, reset]);

  const submit = handleSubmit(async (value) => {
    await onSave({ dueDate: value.dueDate, dueText: value.dueText.trim() });
  });
  const hasFollowUp = doc.dueDate != null;

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={t.review.followUp}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <FormDateField
        control={control}
        name="dueDate"
        label={t.review.dueDate}
        size="small"
        disabled={!editable || busy}
      />
      <FormTextField
        control={control}
        name="dueText"
        label={t.review.dueText}
        size="small"
        multiline
        minRows={1}
        maxRows={4}
        disabled={!editable || busy}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      {editable ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="outlined" size="small" loading={busy} disabled={!formState.isDirty}>
            {t.review.dueSave}
          </Button>
          {hasFollowUp ? (
            <Button
              size="small"
              color="inherit"
              disabled={busy}
              onClick={() => void onSave({ dueDate: null, dueText: null })}
            >
              {t.review.dueClear}
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
