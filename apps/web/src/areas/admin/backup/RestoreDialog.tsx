import { type Backup, RESTORE_CONFIRMATION } from '@gewst/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useRestoreBackup } from '../../../api/backups';
import { errorMessages } from '../../../api/errors';
import { de } from '../../../i18n/de';
import { deBackup } from '../../../i18n/backup';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { appStore } from '../../../store/store';

const t = deBackup.restoreDialog;

/** Restoring replaces all data: the user types the confirmation word first (server checks it too). */
export function RestoreDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const restore = useRestoreBackup();
  const ready = typed.trim() === RESTORE_CONFIRMATION;

  const submit = async () => {
    if (!ready) return;
    setProblem(null);
    try {
      await restore.mutateAsync({ name: backup.name, confirmation: typed.trim() });
      appStore.showSnackbar(deBackup.restoreStarted, 'info');
      onClose();
    } catch (error) {
      setProblem(errorMessages(error).join(' '));
    }
  };

  return (
    <Dialog
      open
      onClose={restore.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{t.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          {t.text(formatDateTime(backup.created_at), formatNumber(backup.rows), formatNumber(backup.files))}
        </DialogContentText>
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        ) : null}
        <TextField
          label={t.label}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
          fullWidth
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={restore.isPending}>
          {de.common.cancel}
        </Button>
        <Button
          onClick={() => void submit()}
          color="error"
          variant="contained"
          disabled={!ready}
          loading={restore.isPending}
        >
          {t.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
