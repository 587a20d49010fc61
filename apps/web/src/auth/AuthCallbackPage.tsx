import { Alert, Box, Button } from '@mui/material';
import type { User } from 'oidc-client-ts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { de } from '../i18n/de';
import { safeReturnTo } from './returnTo';
import { getUserManager, signIn } from './userManager';

// The code may be exchanged only once, even when React runs effects twice.
let completion: Promise<User> | null = null;

/** /auth/callback: completes the sign-in and returns to the address stored in the state. */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    completion ??= getUserManager().signinRedirectCallback();
    completion
      .then((user) => {
        if (active) navigate(safeReturnTo(user.state), { replace: true });
      })
      .catch(async (error: unknown) => {
        console.error('Anmeldung fehlgeschlagen', error);
        // A reload of this page finds no pending sign-in; an existing session is still fine.
        const existing = await getUserManager()
          .getUser()
          .catch(() => null);
        if (!active) return;
        if (existing && !existing.expired) navigate('/', { replace: true });
        else setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [navigate]);

  if (failed) {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', mt: 10, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              onClick={() => {
                completion = null;
                void signIn('/');
              }}
            >
              {de.app.retry}
            </Button>
          }
        >
          {de.app.signInFailed}
        </Alert>
      </Box>
    );
  }
  return <PageLoader fullScreen label={de.app.completingSignIn} />;
}
