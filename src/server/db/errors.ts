/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a database error: drizzle wraps the driver's error and keeps it as `cause`. */
export function sqlStateOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique constraint refused the row: a race past a "does it exist?" pre-check, to be answered as 409. */
export const isUniqueViolation = (err: unknown): boolean => sqlStateOf(err) === UNIQUE_VIOLATION;
