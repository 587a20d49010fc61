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
  canEdit,
  stored,
  saving,
  reset,
  children,
  sx,
}: {
  canEdit: boolean;
  stored: boolean;
  saving: boolean;
  reset: {
    title: string;
    text: string;
    callbacks: Callbacks;
    run: (callbacks: Callbacks) => void;
  };
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
        title={reset.title}
        text={reset.text}
        callbacks={reset.callbacks}
        reset={reset.run}
      />
    </Stack>
  );
}
