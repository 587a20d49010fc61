import { Alert, Box, Button, CssBaseline, ThemeProvider } from '@mui/material';
import { de } from '../i18n/de';
import { theme } from './theme';

/** Shown when /api/config cannot be loaded, before anything else works. */
export function StartupError({ detail }: { detail: string }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box sx={{ maxWidth: 640, mx: 'auto', mt: 10, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => window.location.reload()}>
              {de.app.reload}
            </Button>
          }
        >
          <strong>{de.app.startupFailed}</strong> {de.app.startupFailedHint}
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, mt: 1, mb: 0 }}>
            {detail}
          </Box>
        </Alert>
      </Box>
    </ThemeProvider>
  );
}
