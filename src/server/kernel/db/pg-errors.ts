/**
 * PostgreSQL's SQLSTATE of a failed statement, on either engine: pg puts it on the error, and
 * drizzle wraps a driver's error with it on the `cause`. Undefined for anything else.
 */
export function pgErrorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

/** A row that a unique index already holds (23505): two writers meant the same thing. */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/** A row another table's key still points at (23503): it cannot go while that row stays. */
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';
