/**
 * Raised by the tax functions for impossible input. `errors` maps a field path
 * (`zeilen.2.arbeitsloehne`, `hebesatz`) to German messages; the server turns it into
 * HTTP 400 `{ error, code: 'VALIDATION_FAILED', errors }`.
 */
export class DomainValidationError extends Error {
  readonly code = 'VALIDATION_FAILED';
  readonly errors: Record<string, string[]>;

  constructor(errors: Record<string, string[]>, message = 'Die Eingaben sind ungültig.') {
    super(message);
    this.name = 'DomainValidationError';
    this.errors = errors;
  }
}

/** Collects messages per field and throws one DomainValidationError at the end. */
export class ValidationCollector {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    const list = this.errors[field] ?? [];
    list.push(message);
    this.errors[field] = list;
  }

  get hasErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  throwIfAny(message?: string): void {
    if (this.hasErrors) throw new DomainValidationError(this.errors, message);
  }
}

/** Throws a DomainValidationError for a single field. */
export function fail(field: string, message: string): never {
  throw new DomainValidationError({ [field]: [message] });
}
