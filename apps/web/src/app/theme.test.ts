import { describe, expect, it } from 'vitest';
import { MOBILE_QUERY, theme } from './theme';

/** The largest width (px) the mobile media query still matches. */
function mobileMaxWidth(query: string): number {
  const match = /^\(max-width:\s*([\d.]+)px\)$/.exec(query);
  if (!match) throw new Error(`unerwartete Media Query: ${query}`);
  return Number(match[1]);
}

describe('theme (seed §9)', () => {
  it('uses the seed colours', () => {
    expect(theme.palette.primary.main).toBe('#2D3A43');
    expect(theme.palette.secondary.main).toBe('#b0bec5');
    expect(theme.palette.accent.main).toBe('#1264af');
    expect(theme.palette.error.main).toBe('#b71c1c');
    expect(theme.palette.background.default).toBe('#e3f0f8');
  });

  it('uses the breakpoints 600, 960, 1280 and 1920', () => {
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 });
  });

  it('is mobile below 1264 px and not from 1264 px on', () => {
    const max = mobileMaxWidth(MOBILE_QUERY);
    expect(max).toBeGreaterThanOrEqual(1263);
    expect(max).toBeLessThan(1264);
  });

  it('speaks German in the MUI components', () => {
    const pagination = theme.components?.MuiTablePagination?.defaultProps;
    expect(pagination?.labelRowsPerPage).toBe('Zeilen pro Seite:');
  });
});
