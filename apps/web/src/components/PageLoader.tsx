import { Box, CircularProgress, Typography } from '@mui/material';
import { de } from '../i18n/de';

/** Shown while a lazily loaded screen or start-up data arrives. */
export function PageLoader({
  label = de.app.screenLoading,
  fullScreen = false,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <CircularProgress aria-label={label} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
