import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { de } from '../../i18n/de';
import { documentTexts as t } from '../../i18n/documents';

const MIN_REASON = 5;

/** "Bestätigung zurücknehmen": what happens, and a reason that is logged. */
export function UnconfirmDialog({
  open,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const tooShort = reason.trim().length < MIN_REASON;
  const close = () => {
    setReason('');
    setSubmitted(false);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{t.review.unconfirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          {t.review.unconfirmText}
        </DialogContentText>
        <TextField
          label={t.review.unconfirmReason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          required
          disabled={busy}
          error={submitted && tooShort}
          helperText={
            submitted && tooShort ? t.confirm.reasonTooShort(MIN_REASON) : t.review.unconfirmReasonHelp
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} autoFocus>
          {de.common.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={busy}
          onClick={() => {
            setSubmitted(true);
            if (!tooShort) onConfirm(reason.trim());
          }}
        >
          {t.review.unconfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Neu verarbeiten" asks first; with corrections by the user it offers to keep them
 * (the default) or to read everything afresh.
 */
export function ReprocessDialog({
  open,
  corrections,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** Number of fields the user corrected. */
  corrections: number;
  busy: boolean;
  onConfirm: (keepCorrections: boolean) => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{t.review.reprocessTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {t.review.reprocessText}
          {corrections > 0 ? ` ${t.review.reprocessCorrections(corrections)}` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {de.common.cancel}
        </Button>
        {corrections > 0 ? (
          <>
            <Button color="error" disabled={busy} onClick={() => onConfirm(false)}>
              {t.review.reprocessDrop}
            </Button>
            <Button variant="contained" loading={busy} onClick={() => onConfirm(true)} autoFocus>
              {t.review.reprocessKeep}
            </Button>
          </>
        ) : (
          <Button variant="contained" loading={busy} onClick={() => onConfirm(true)} autoFocus>
            {t.review.reprocessStart}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
