import { contrastText, resolveMainColor } from '@gewst/domain';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import { Link } from 'react-router';
import { de } from '../../i18n/de';
import { useCurrentCompany } from '../../store/store';
import { CompanySelect } from './CompanySelect';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

/** App bar in the current company's main colour (fallback rgb(250,250,250)). */
export function TopBar({ mobile, onOpenNav }: { mobile: boolean; onOpenNav: () => void }) {
  const company = useCurrentCompany();
  const background = resolveMainColor(company?.main_color);
  const color = contrastText(background);
  return (
    <AppBar
      position="fixed"
      data-testid="app-bar"
      elevation={1}
      // Above the permanent drawer; the temporary (mobile) drawer overlays the bar.
      sx={{ background, color, zIndex: (theme) => (mobile ? theme.zIndex.appBar : theme.zIndex.drawer + 1) }}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {mobile ? (
          <IconButton color="inherit" edge="start" aria-label={de.nav.open} onClick={onOpenNav}>
            <MenuIcon />
          </IconButton>
        ) : null}
        <Typography
          variant="h6"
          component={Link}
          to="/"
          // below 600 px the company and the user menu need the room (the drawer names the app)
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            whiteSpace: 'nowrap',
            fontWeight: 600,
            display: { xs: 'none', sm: 'block' },
          }}
        >
          {de.app.name}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <CompanySelect />
        <NotificationBell />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
