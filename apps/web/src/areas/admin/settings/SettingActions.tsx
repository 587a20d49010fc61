import { Button, Stack, type SxProps } from '@mui/material';
import type { ReactNode } from 'react';
import { ResetToDefault } from './ResetToDefault';

type Callbacks = { onSuccess: () => void; onError: (e: unknown) => void };

/**
 * The button row of a settings section: extra actions first (e.g. "Regel hinzufügen"), then
 * "Speichern" (submits the section's form) and "Vorgabe verwenden" (asks first; only when a
 * value is stored).
 */
export function SettingActions({
  setting: { canEdit, saving, stored, reset },
  texts,
  callbacks,
  children,
  sx,
}: {
  /** From `useSetting`: may the user edit, is a save running, is a value stored, reset it. */
  setting: { canEdit: boolean; saving: boolean; stored: boolean; reset: (callbacks: Callbacks) => void };
  /** The section's texts: the reset question and the snackbar after the reset. */
  texts: { confirmTitle: string; confirmText: string; wasReset: string };
  /** From `useSettingDraft`: callbacks that show `message` on success. */
  callbacks: (message: string) => Callbacks;
  children?: ReactNode;
  sx?: SxProps;
}) {
  return (
    <Stack direction="row" spacing={1} sx={sx}>
      {children}
      <Button type="submit" variant="contained" disabled={!canEdit} loading={saving}>
        Speichern
      </Button>
      <ResetToDefault
        disabled={!canEdit || !stored}
        busy={saving}
        title={texts.confirmTitle}
        text={texts.confirmText}
        callbacks={callbacks(texts.wasReset)}
        reset={reset}
      />
    </Stack>
  );
}
