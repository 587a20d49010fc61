/** Seed §5/§9: main_color is a 3- or 6-digit hex colour; otherwise this fallback is shown. */
export const FALLBACK_COMPANY_COLOR = 'rgb(250,250,250)';

export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR_PATTERN.test(value);
}

export function resolveMainColor(value: string | null | undefined): string {
  return isHexColor(value) ? value : FALLBACK_COMPANY_COLOR;
}

/** Black or white text on the given background, by relative luminance (WCAG). */
export function contrastText(background: string): '#000000' | '#ffffff' {
  const rgb = parseColor(background);
  if (!rgb) return '#000000';
  const lin = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0);
  return l > 0.4 ? '#000000' : '#ffffff';
}

function parseColor(value: string): [number, number, number] | null {
  if (isHexColor(value)) {
    const hex = value.length === 4 ? [...value.slice(1)].map((c) => c + c).join('') : value.slice(1);
    return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  }
  const m = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(value);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}
