import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { bookingStatsQuery } from '../../api/bookings';
import { bookingTexts } from '../../i18n/bookings';
import { formatMoney } from '../../lib/format';
import { useCan, useCurrentCompany } from '../../store/store';

const t = bookingTexts.tile;

/**
 * Dashboard tile: booking sessions of the current company awaiting approval (count,
 * bookings and their sum), linking to /buchungen. Shown to whoever may open the bookings.
 */
export function ApprovalTile() {
  const company = useCurrentCompany();
  const canSee = useCan('closeBiSessionsGenerateReports');
  const stats = useQuery({ ...bookingStatsQuery(company?.id ?? 0), enabled: company != null && canSee });
  if (!company || !canSee) return null;
  const a = stats.data?.companies.find((c) => c.company_id === company.id)?.awaiting_approval;
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px' }} data-testid="tile-awaiting-approval">
      <CardActionArea component={RouterLink} to="/buchungen" sx={{ height: '100%' }}>
        <CardContent sx={{ py: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t.title}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ color: a?.sessions ? 'warning.main' : 'text.primary' }}
            data-testid="tile-awaiting-approval-count"
          >
            {a ? a.sessions : '–'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {a ? `${t.sub(a.bookings)}, ${formatMoney(a.sum_soll)}` : ''}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
