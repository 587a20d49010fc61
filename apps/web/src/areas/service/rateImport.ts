import { type RateImportReport, rateYearSchema } from '@gewst/domain';

/** The year field of the rate import: a valid year, or the German reason why not. */
export function parseRateYear(
  text: string,
  missing: string,
): { year: number; error: null } | { year: null; error: string } {
  if (text.trim() === '') return { year: null, error: missing };
  const parsed = rateYearSchema.safeParse(text.trim());
  if (!parsed.success) return { year: null, error: parsed.error.issues[0]?.message ?? missing };
  return { year: parsed.data, error: null };
}

/** Only what the server reads: xlsx or csv (checked by name; the server checks the content). */
export function isRateTableFile(name: string): boolean {
  return /\.(xlsx|csv)$/i.test(name);
}

export interface RateChangeLine {
  ags: string;
  name: string;
  kind: 'new' | 'changed';
  before: number | null;
  after: number;
}

/** New and changed rates of a report as one list, by AGS (before is null for a new rate). */
export function rateChangeLines(report: RateImportReport): RateChangeLine[] {
  return [
    ...report.added.map((a) => ({ ...a, kind: 'new' as const, before: null })),
    ...report.changed.map((c) => ({ ...c, kind: 'changed' as const })),
  ].sort((x, y) => x.ags.localeCompare(y.ags));
}

/** Counts for the summary line (`created` is what the server counted as new). */
export function rateImportCounts(report: RateImportReport) {
  return {
    year: report.year,
    created: report.created,
    changed: report.changed.length,
    unchanged: report.unchanged,
    rejected: report.errors.length,
  };
}
