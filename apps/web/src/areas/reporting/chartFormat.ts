const whole = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('de-DE', { notation: 'compact', maximumFractionDigits: 1 });

/** An axis tick of a report chart in euros: 5.500 €, 280.000 €, 1,2 Mio. € (never '5500' beside '11.000'). */
export const euroTick = (v: number) => `${Math.abs(v) < 1_000_000 ? whole.format(v) : compact.format(v)} €`;
