import { Alert, Box, Button } from '@mui/material';
import { useRouteError } from 'react-router';
import { de } from '../i18n/de';

/** A screen that failed to load or render (e.g. a chunk missing after a deployment). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 10, px: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            {de.app.reload}
          </Button>
        }
      >
        {de.app.screenFailed}
      </Alert>
    </Box>
  );
}
