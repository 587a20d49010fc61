import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { de } from '../../i18n/de';

/**
 * The frame of every create/edit dialog: title, fields in a column, "Abbrechen"/"Speichern".
 * While saving, the dialog cannot be closed and "Speichern" shows its progress.
 */
export function FormDialog(props: {
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  busy: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** "Speichern" stays disabled (e.g. until the choices have loaded). */
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const { busy, onClose } = props;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={props.maxWidth ?? 'xs'}
      fullWidth
    >
      <form onSubmit={props.onSubmit} noValidate>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {de.common.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={props.submitDisabled}>
            {de.common.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
