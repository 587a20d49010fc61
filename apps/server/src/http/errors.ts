/** The one error class of the API (CONVENTIONS 7): German message, stable code, HTTP status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Anmeldung erforderlich.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Dafür fehlt Ihnen die Berechtigung.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} wurde nicht gefunden.`);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const validationFailed = (errors: Record<string, string[]>, message = 'Die Eingaben sind ungültig.') =>
  new AppError(400, 'VALIDATION_FAILED', message, errors);
