import type { ExportFormat, ExportSettings } from '@gewst/domain';

/** The export-target form as typed: the HTTP target is a switch plus its two fields. */
export interface ExportTargetsForm {
  format: ExportFormat;
  directoryEnabled: boolean;
  directoryPath: string;
  httpEnabled: boolean;
  httpUrl: string;
  httpTokenEnv: string;
  festschreibung: boolean;
}

export const exportTargetsFormOf = (value: ExportSettings): ExportTargetsForm => ({
  format: value.format,
  directoryEnabled: value.directory.enabled,
  directoryPath: value.directory.path,
  httpEnabled: value.http !== null,
  httpUrl: value.http?.url ?? '',
  httpTokenEnv: value.http?.token_env ?? '',
  festschreibung: value.datev_festschreibung,
});

/**
 * The value sent to the server (which checks everything; field errors come back under
 * `export.targets.directory.path`, `export.targets.http.url` …). A switched-off HTTP target
 * is sent as null, so its fields are not checked.
 */
export const exportTargetsValueOf = (form: ExportTargetsForm): ExportSettings => ({
  format: form.format,
  directory: { enabled: form.directoryEnabled, path: form.directoryPath.trim() },
  http: form.httpEnabled ? { url: form.httpUrl.trim(), token_env: form.httpTokenEnv.trim() } : null,
  datev_festschreibung: form.festschreibung,
});
