import type { Notification } from '@gewst/domain';
import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { notificationsQuery, useMarkNotificationsRead } from '../../api/notifications';
import { useAbility } from '../../store/store';

const BADGE_MAX = 99;

const t = {
  // the accessible name contains the badge's visible text (WCAG 2.5.3): "99+" → "mehr als 99"
  open: (n: number) =>
    n === 0
      ? 'Benachrichtigungen'
      : `Benachrichtigungen, ${n > BADGE_MAX ? `mehr als ${BADGE_MAX}` : n} ungelesen`,
  title: 'Benachrichtigungen',
  none: 'Keine Benachrichtigungen.',
  error: 'Benachrichtigungen konnten nicht geladen werden.',
  markRead: 'als gelesen markieren',
  markAll: 'alle als gelesen',
  capped: 'Es werden nur die neuesten 100 angezeigt.',
};

const when = (n: Notification) => {
  // a due payment: its due date; any other event: when it happened, in local time
  const [y, m, d] = n.at.slice(0, 10).split('-');
  const at =
    n.event === 'payment_due'
      ? `fällig ${d}.${m}.${y}`
      : new Date(n.at).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
  return `${n.company} · ${at}`;
};

/** The bell in the top bar: unread count, and the list with links and read marks. */
export function NotificationBell() {
  const canRead = useAbility().can('readData', 'all');
  const query = useQuery({ ...notificationsQuery(), enabled: canRead });
  const mark = useMarkNotificationsRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  if (!canRead) return null;
  const list = query.data;
  const unread = list?.unread ?? 0;
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t.title}>
        <IconButton
          color="inherit"
          aria-label={t.open(unread)}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="notification-bell"
        >
          {/* no Badge at 0: MUI keeps the last count in the hidden badge, which is still text */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={BADGE_MAX}>
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': `${popoverId}-title`,
            sx: { width: 460, maxWidth: '95vw', maxHeight: '70vh' },
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
          <Typography id={`${popoverId}-title`} variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            {t.title}
          </Typography>
          <Button
            size="small"
            disabled={unread === 0 || mark.isPending}
            onClick={() => mark.mutate({ all: true })}
          >
            {t.markAll}
          </Button>
        </Box>
        <Divider />
        {query.isError ? (
          <Typography sx={{ p: 2 }} color="error">
            {t.error}
          </Typography>
        ) : null}
        {list && list.items.length === 0 ? <Typography sx={{ p: 2 }}>{t.none}</Typography> : null}
        {list && list.items.length > 0 ? (
          <List dense disablePadding data-testid="notification-list">
            {list.items.map((n) => (
              <ListItem
                key={n.key}
                disablePadding
                data-testid={`notification-${n.key}`}
                data-read={n.read ? 'true' : 'false'}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}
              >
                <ListItemButton
                  component={Link}
                  to={n.link}
                  onClick={() => {
                    if (!n.read) mark.mutate({ keys: [n.key] });
                    close();
                  }}
                  sx={{ flex: 1, minWidth: 0 }}
                >
                  <ListItemText
                    primary={n.text}
                    secondary={when(n)}
                    slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
                  />
                </ListItemButton>
                {n.read ? null : (
                  <Button
                    size="small"
                    sx={{ flexShrink: 0 }}
                    disabled={mark.isPending}
                    onClick={() => mark.mutate({ keys: [n.key] })}
                    aria-label={`${n.text}: ${t.markRead}`}
                  >
                    {t.markRead}
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        ) : null}
        {list?.capped ? (
          <Typography variant="caption" sx={{ display: 'block', p: 2 }}>
            {t.capped}
          </Typography>
        ) : null}
      </Popover>
    </>
  );
}
