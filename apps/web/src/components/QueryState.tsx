import { Alert, Button } from '@mui/material';
import { errorMessages } from '../api/errors';
import { de } from '../i18n/de';
import { snackbarText } from '../store/appStore';

/** Inline error for a failed query, with a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {de.common.retry}
          </Button>
        ) : undefined
      }
    >
      {de.common.loadFailed} {snackbarText(errorMessages(error))}
    </Alert>
  );
}
