import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { paymentDueQuery } from '../../api/payments';
import { paymentDataTexts } from '../../i18n/paymentData';
import { formatMoney } from '../../lib/format';
import { useCurrentCompany } from '../../store/store';

const t = paymentDataTexts.tiles;

/** Dashboard tiles: payments due in the next 14 days, overdue payments (with amounts), notices to review. */
export function DueTiles() {
  const company = useCurrentCompany();
  const due = useQuery({ ...paymentDueQuery(company?.id ?? 0), enabled: company != null });
  if (!company || !due.data) return null;
  const tiles = [
    {
      key: 'due-soon',
      title: t.dueSoon,
      value: formatMoney(due.data.due_soon.sum),
      sub: t.lines(due.data.due_soon.count),
      to: '/zahlungsdaten?only_open=true',
      color: 'info.main',
    },
    {
      key: 'overdue',
      title: t.overdue,
      value: formatMoney(due.data.overdue.sum),
      sub: t.lines(due.data.overdue.count),
      to: '/zahlungsdaten?only_open=true',
      color: due.data.overdue.count ? 'error.main' : 'text.primary',
    },
    {
      key: 'to-review',
      title: t.toReview,
      value: String(due.data.to_review),
      sub: '',
      to: '/',
      color: 'warning.main',
    },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, mb: 2 }}>
      {tiles.map((tile) => (
        <Card key={tile.key} variant="outlined" data-testid={`payment-tile-${tile.key}`}>
          <CardActionArea component={RouterLink} to={tile.to}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {tile.title}
              </Typography>
              <Typography variant="h5" sx={{ color: tile.color }}>
                {tile.value}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {tile.sub}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
