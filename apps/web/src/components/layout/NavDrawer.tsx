import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
} from '@mui/material';
import { Link, matchPath, useLocation } from 'react-router';
import { canAny } from '../../abilities/ability';
import { BASE_ABILITY } from '../../app/guards';
import { DRAWER_WIDTH } from '../../app/theme';
import { de } from '../../i18n/de';
import { useAbility } from '../../store/store';
import { NAV_ITEMS } from './navItems';

interface NavDrawerProps {
  mobile: boolean;
  open: boolean;
  onClose: () => void;
}

/** Only the entries the user may open. Permanent on desktop, temporary below 1264 px. */
export function NavDrawer({ mobile, open, onClose }: NavDrawerProps) {
  const ability = useAbility();
  const { pathname } = useLocation();
  const items = ability.can(BASE_ABILITY, 'all')
    ? NAV_ITEMS.filter((item) => canAny(ability, item.anyOf))
    : [];

  // Users without access (e.g. on /no-access) get no empty navigation column.
  if (items.length === 0) return null;

  const list = (
    <Box component="nav" aria-label={de.nav.label}>
      <List>
        {items.map((item) => {
          const selected = matchPath({ path: item.to, end: item.to === '/' }, pathname) != null;
          return (
            // li around each link: a list holds list items only (axe "list")
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={Link}
                to={item.to}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={mobile ? onClose : undefined}
              >
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        keepMounted
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
            {de.app.name}
          </Typography>
        </Toolbar>
        <Divider />
        {list}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={{
        width: DRAWER_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      {list}
    </Drawer>
  );
}
