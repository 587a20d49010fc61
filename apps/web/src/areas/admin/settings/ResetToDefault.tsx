import { Button } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

type Callbacks = { onSuccess: () => void; onError: (e: unknown) => void };

/**
 * "Vorgabe verwenden" of a settings section, asked for first: the dialog names what the
 * reset does; `reset` gets callbacks that close the dialog and then run the section's own.
 */
export function ResetToDefault({
  disabled,
  busy,
  title,
  text,
  callbacks,
  reset,
}: {
  disabled: boolean;
  busy: boolean;
  title: string;
  text: string;
  callbacks: Callbacks;
  reset: (callbacks: Callbacks) => void;
}) {
  const [open, setOpen] = useState(false);
  const closeThen =
    <A extends unknown[]>(next: (...args: A) => void) =>
    (...args: A) => {
      setOpen(false);
      next(...args);
    };
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled || busy}>
        Vorgabe verwenden
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        text={text}
        confirmLabel="Zurücksetzen"
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          reset({ onSuccess: closeThen(callbacks.onSuccess), onError: closeThen(callbacks.onError) })
        }
      />
    </>
  );
}
