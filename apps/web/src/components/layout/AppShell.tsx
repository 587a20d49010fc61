import { Box, Toolbar } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useIsMobile } from '../../hooks/useIsMobile';
import { PageLoader } from '../PageLoader';
import { SnackbarHost } from '../SnackbarHost';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

/** App bar, navigation and the lazily loaded screen. */
export function AppShell() {
  const mobile = useIsMobile();
  const [navOpen, setNavOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar mobile={mobile} onOpenNav={() => setNavOpen(true)} />
      <NavDrawer mobile={mobile} open={navOpen} onClose={() => setNavOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <SnackbarHost />
    </Box>
  );
}
