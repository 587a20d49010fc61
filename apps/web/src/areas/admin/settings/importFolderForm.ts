import type { ImportFolderSettings } from '@gewst/domain';

/** The import-folder form as typed (strings), so a half-typed number is not lost. */
export interface ImportFolderForm {
  enabled: boolean;
  path: string;
  interval_seconds: string;
}

export const importFolderFormOf = (value: ImportFolderSettings | null | undefined): ImportFolderForm =>
  value
    ? { enabled: value.enabled, path: value.path, interval_seconds: String(value.interval_seconds) }
    : { enabled: true, path: '', interval_seconds: '5' };

/**
 * The value sent to the server, or the field error found before sending (the server checks
 * everything again; this only catches what is not a whole number at all).
 */
export function importFolderValueOf(
  form: ImportFolderForm,
): { value: ImportFolderSettings } | { error: { field: 'interval_seconds'; message: string } } {
  const seconds = form.interval_seconds.trim();
  if (!/^\d+$/.test(seconds))
    return { error: { field: 'interval_seconds', message: 'Bitte eine ganze Zahl von Sekunden angeben.' } };
  return { value: { enabled: form.enabled, path: form.path.trim(), interval_seconds: Number(seconds) } };
}
