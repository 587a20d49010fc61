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
      // MUI's orange (#ed6c02) has a contrast of 3.1 : 1 on white; this one 5.0 : 1 (WCAG AA)
      warning: { main: '#b45309' },
      background: { default: COLORS.background },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
    components: {
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      // A keyboard focus that can be seen on every control (tiles, chips, buttons), not only a tint.
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: `2px solid ${COLORS.accent}`, outlineOffset: 2 } },
        },
      },
      // The hint under a disabled field is information too (e.g. "vom Benutzer gesetzt"): readable.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
      // Inside a card (which clips what lies outside it) the ring is drawn inside the tile.
      MuiCardActionArea: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    },
  },
  deDE,
);
