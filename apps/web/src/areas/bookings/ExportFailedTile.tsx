import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Card, CardActionArea, CardHeader } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { bookingStatsQuery } from '../../api/bookings';
import { exportTexts } from '../../i18n/export';
import { useCan, useCurrentCompany } from '../../store/store';

const t = exportTexts.tile;

/**
 * Dashboard tile "Export fehlgeschlagen": shown only while a session of the current company
 * failed to export; links to /buchungen filtered on failed exports.
 */
export function ExportFailedTile() {
  const company = useCurrentCompany();
  const canSee = useCan('closeBiSessionsGenerateReports');
  const stats = useQuery({ ...bookingStatsQuery(company?.id ?? 0), enabled: company != null && canSee });
  const failed = stats.data?.companies.find((c) => c.company_id === company?.id)?.failed_exports ?? 0;
  if (!company || !canSee || failed === 0) return null;
  return (
    <Card
      variant="outlined"
      sx={{ flex: '1 1 160px', borderColor: 'error.main' }}
      data-testid="tile-export-failed"
    >
      <CardActionArea
        component={RouterLink}
        to="/buchungen?status=export_fehlgeschlagen"
        sx={{ height: '100%' }}
      >
        <CardHeader
          avatar={<ErrorOutlineIcon color="error" />}
          title={`${t.title}: ${failed}`}
          subheader={t.sub}
          slotProps={{ title: { color: 'error', variant: 'subtitle1', component: 'p' } }}
        />
      </CardActionArea>
    </Card>
  );
}
