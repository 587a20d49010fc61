import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { paymentDueQuery } from '../../api/payments';
import { paymentDataTexts } from '../../i18n/paymentData';
import { formatMoney } from '../../lib/format';
import { useCurrentCompany } from '../../store/store';

const t = paymentDataTexts.tiles;

/**
 * Dashboard tiles about money: open payment lines due in the next 14 days and overdue ones,
 * with amounts, linking to /zahlungsdaten. Rendered as items of the dashboard's tile row
 * (next to the inbox filter tiles, which are about documents); "notices to review" is one
 * of those inbox tiles, as it filters the table.
 */
export function DueTiles() {
  const company = useCurrentCompany();
  const due = useQuery({ ...paymentDueQuery(company?.id ?? 0), enabled: company != null });
  if (!company) return null;
  const d = due.data;
  const tiles = [
    {
      key: 'due-soon',
      title: t.dueSoon,
      value: d ? formatMoney(d.due_soon.sum) : '–',
      sub: d ? t.lines(d.due_soon.count) : '',
      color: 'info.main',
      to: '/zahlungsdaten?only_open=true',
    },
    {
      key: 'overdue',
      title: t.overdue,
      value: d ? formatMoney(d.overdue.sum) : '–',
      sub: d ? t.lines(d.overdue.count) : '',
      color: d?.overdue.count ? 'error.main' : 'text.primary',
      to: '/zahlungsdaten?only_overdue=true',
    },
  ];
  return (
    <>
      {tiles.map((tile) => (
        <Card
          key={tile.key}
          variant="outlined"
          sx={{ flex: '1 1 160px' }}
          data-testid={`payment-tile-${tile.key}`}
        >
          <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%' }}>
            <CardContent sx={{ py: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                {tile.title}
              </Typography>
              <Typography variant="h5" component="p" sx={{ color: tile.color, whiteSpace: 'nowrap' }}>
                {tile.value}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {tile.sub}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </>
  );
}
