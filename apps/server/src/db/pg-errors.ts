/** A PostgreSQL error as raised by node-postgres or PGlite, possibly wrapped by Drizzle. */
export interface PgError {
  code?: string;
  table?: string;
  constraint?: string;
  message?: string;
}

export function findPgError(err: unknown): PgError | null {
  let current: unknown = err;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const c = current as PgError & { cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    current = c.cause;
  }
  return null;
}

/** Foreign-key refusal: NO ACTION raises 23503, RESTRICT raises 23001. */
export function isReferenceViolation(err: PgError | null): boolean {
  return err?.code === '23503' || err?.code === '23001';
}

/** The table whose rows still reference the one being deleted. */
export function referencingTable(err: PgError): string {
  return err.table ?? /on table "([^"]+)"/.exec(err.message ?? '')?.[1] ?? '';
}
