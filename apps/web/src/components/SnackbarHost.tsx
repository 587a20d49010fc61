import { Alert, Snackbar } from '@mui/material';
import { appStore, useAppState } from '../store/store';

/** The one snackbar (seed §2): { show, text, type }. */
export function SnackbarHost() {
  const snackbar = useAppState((s) => s.snackbar);
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') appStore.hideSnackbar();
  };
  return (
    <Snackbar
      open={snackbar.show}
      onClose={close}
      autoHideDuration={snackbar.type === 'error' ? 10_000 : 5_000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={close} severity={snackbar.type} variant="filled" sx={{ width: '100%' }}>
        {snackbar.text}
      </Alert>
    </Snackbar>
  );
}
