import { deDE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
}

/** Seed §9 colours. The accent also serves as MUI's `info` colour. */
export const COLORS = {
  primary: '#2D3A43',
  secondary: '#b0bec5',
  accent: '#1264af',
  error: '#b71c1c',
  background: '#e3f0f8',
} as const;

/** Seed §9: mobile below 1264 px (navigation becomes a temporary drawer). */
export const MOBILE_QUERY = '(max-width:1263.95px)';

export const DRAWER_WIDTH = 248;

export const theme = createTheme(
  {
    palette: {
      primary: { main: COLORS.primary },
      secondary: { main: COLORS.secondary },
      info: { main: COLORS.accent },
      accent: { main: COLORS.accent, contrastText: '#ffffff' },
      error: { main: COLORS.error },
      background: { default: COLORS.background },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
    components: {
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    },
  },
  deDE,
);
