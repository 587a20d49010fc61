import { Alert, Box, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/errors';
import { AppShell } from '../components/layout/AppShell';
import { PageLoader } from '../components/PageLoader';
import { de } from '../i18n/de';
import { SessionEffects } from './SessionEffects';
import { startSession } from './session';

type Phase = 'starting' | 'redirecting' | 'ready' | 'failed';

/** Everything behind sign-in: runs the start-up sequence, then shows the app. */
export function SessionGate() {
  const [phase, setPhase] = useState<Phase>('starting');
  const [attempt, setAttempt] = useState(0);
  // The server's German reason (e.g. a refused token), shown so an administrator can act on it.
  const [detail, setDetail] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    setPhase('starting');
    startSession()
      .then((result) => active && setPhase(result))
      .catch((error: unknown) => {
        console.error('Start fehlgeschlagen', error);
        if (!active) return;
        setDetail(error instanceof ApiError && error.status > 0 ? error.message : null);
        setPhase('failed');
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  if (phase === 'ready') {
    return (
      <>
        <SessionEffects />
        <AppShell />
      </>
    );
  }
  if (phase === 'failed') {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', mt: 10, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => setAttempt((n) => n + 1)}>
              {de.app.retry}
            </Button>
          }
        >
          <strong>{de.app.startupFailed}</strong> {de.app.startupFailedHint}
          {detail ? <Box sx={{ mt: 1 }}>{detail}</Box> : null}
        </Alert>
      </Box>
    );
  }
  return <PageLoader fullScreen label={phase === 'redirecting' ? de.app.signingIn : de.app.loading} />;
}
