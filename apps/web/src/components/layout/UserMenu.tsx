import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Chip, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { logout } from '../../api/users';
import { getUserManager } from '../../auth/userManager';
import { de } from '../../i18n/de';
import { useAppState } from '../../store/store';

/** Calls GET /logout, then ends the OIDC session. */
async function signOut(): Promise<void> {
  let endSessionUrl: string | null = null;
  try {
    endSessionUrl = (await logout()).end_session_url;
  } catch {
    // Already reported by the API client; signing out locally must still work.
  }
  const manager = getUserManager();
  try {
    await manager.signoutRedirect();
  } catch (error) {
    console.error('Abmelden beim Anmeldedienst fehlgeschlagen', error);
    await manager.removeUser();
    window.location.assign(endSessionUrl ?? '/');
  }
}

export function UserMenu() {
  const user = useAppState((s) => s.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  if (!user) return null;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={de.appBar.userMenu}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor != null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 320 }}>
          <Typography sx={{ fontWeight: 600 }}>{user.username}</Typography>
          {user.name ? <Typography color="text.secondary">{user.name}</Typography> : null}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {de.appBar.roles}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {user.roles.length > 0 ? (
              user.roles.map((role) => <Chip key={role.id} size="small" label={role.name} />)
            ) : (
              <Typography variant="body2">{de.appBar.noRoles}</Typography>
            )}
          </Box>
        </Box>
        <Divider />
        <MenuItem
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void signOut().finally(() => setBusy(false));
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {busy ? de.appBar.signingOut : de.appBar.signOut}
        </MenuItem>
      </Menu>
    </>
  );
}
