import { Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { getAppConfig } from '../../config/appConfig';
import { de } from '../../i18n/de';
import { masterDataTexts } from '../../i18n/masterData';

export default function VersionPage() {
  const config = getAppConfig();
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <Table aria-label={de.service.versionTitle} size="small">
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row">
                {de.service.versionLabel}
              </TableCell>
              <TableCell>{config.version || de.common.none}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row">
                {de.service.environmentLabel}
              </TableCell>
              <TableCell>{config.sentry.environment}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {masterDataTexts.credits}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {masterDataTexts.creditsDestatis}
        </Typography>
        <Typography variant="body2">{masterDataTexts.creditsOsm}</Typography>
      </Paper>
    </Stack>
  );
}
