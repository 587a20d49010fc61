import { de } from '../i18n/de';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type of the data layer (seed §8). `payload` is the response body's
 * `errors` field, else its `error` field, else the whole body. Status 0 means the server
 * could not be reached at all.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | null;
  readonly payload: unknown;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    const payload = extractErrorPayload(body);
    super(message ?? describePayload(payload, status));
    this.status = status;
    this.body = body;
    this.payload = payload;
    this.code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  }

  /** Validation errors by field, when the server sent them. */
  get fieldErrors(): FieldErrors | null {
    return isFieldErrors(this.payload) ? this.payload : null;
  }

  /** The server's German summary (`error`), if any. */
  get serverMessage(): string | null {
    return isRecord(this.body) && typeof this.body.error === 'string' ? this.body.error : null;
  }
}

/** body.errors, else body.error, else the whole body (seed §8). */
export function extractErrorPayload(body: unknown): unknown {
  if (isRecord(body)) {
    if (body.errors != null) return body.errors;
    if (body.error != null) return body.error;
  }
  return body;
}

/** Messages for the snackbar: field messages, or the server's text, or a generic German text. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    if (error.status === 0) return [de.common.networkError];
    const fields = error.fieldErrors;
    if (fields) {
      const messages = Object.values(fields).flat();
      if (messages.length > 0) return messages;
    }
    if (typeof error.payload === 'string' && error.payload.trim()) return [error.payload];
    if (error.serverMessage) return [error.serverMessage];
    return [de.common.unexpectedResponse(error.status)];
  }
  return [de.common.unknownError];
}

/**
 * Splits server field errors into those a form can show at its own fields and the rest
 * (shown as one message in the snackbar).
 */
export function splitFieldErrors<F extends string>(
  error: unknown,
  formFields: readonly F[],
): { byField: Partial<Record<F, string>>; rest: string[] } {
  const byField: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || !error.fieldErrors) return { byField, rest: errorMessages(error) };
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const known = formFields.find((f) => f === field || field.startsWith(`${f}.`));
    if (known && messages.length > 0 && byField[known] === undefined) byField[known] = messages.join(' ');
    else rest.push(...messages);
  }
  return { byField, rest };
}

function describePayload(payload: unknown, status: number): string {
  if (typeof payload === 'string' && payload.trim()) return payload;
  if (isFieldErrors(payload)) return Object.values(payload).flat().join('; ');
  return status === 0 ? de.common.networkError : de.common.unexpectedResponse(status);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    isRecord(value) &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
}
