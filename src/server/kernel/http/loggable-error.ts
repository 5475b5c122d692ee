/**
 * What the logs keep of an error. A failed query's error (drizzle's DrizzleQueryError) carries
 * the query's parameters in its message, stack and `params`: customers' e-mail addresses, phone
 * numbers, addresses. The log gets the SQL text (placeholders only), the database's error code and
 * where it failed, never the values; the database's own message and detail are left out too, since
 * they quote values ("Key (email)=(…) already exists").
 */
export function loggableError(error: unknown, depth = 0): unknown {
  if (depth > 4 || typeof error !== 'object' || error === null) return error;
  if (isQueryError(error)) {
    return {
      type: error.name ?? 'DrizzleQueryError',
      message: `Failed query: ${error.query}`,
      stack: framesOf(error.stack),
      cause: databaseError(error.cause),
    };
  }
  if (error instanceof Error && error.cause !== undefined && hasQueryErrorWithin(error.cause, depth + 1)) {
    return {
      type: error.name,
      message: withoutParams(error.message),
      stack: framesOf(error.stack),
      cause: loggableError(error.cause, depth + 1),
    };
  }
  return error;
}

interface QueryError {
  name?: string;
  query: string;
  params: unknown;
  stack?: string;
  cause?: unknown;
}

function isQueryError(error: object): error is QueryError {
  return typeof (error as QueryError).query === 'string' && 'params' in error;
}

function hasQueryErrorWithin(error: unknown, depth: number): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  return isQueryError(error) || hasQueryErrorWithin((error as { cause?: unknown }).cause, depth + 1);
}

const withoutParams = (message: string) => message.split('\nparams:')[0] ?? '';

/** The stack's frames only: its first lines repeat the message, parameters and all. */
function framesOf(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/** node-postgres and PGlite errors: the SQLSTATE and the names involved, not the values. */
function databaseError(cause: unknown) {
  if (typeof cause !== 'object' || cause === null) return undefined;
  const c = cause as Record<string, unknown>;
  const pick = (key: string) => (typeof c[key] === 'string' ? { [key]: c[key] } : {});
  return {
    type: cause instanceof Error ? cause.name : 'Error',
    ...pick('code'),
    ...pick('severity'),
    ...pick('table'),
    ...pick('column'),
    ...pick('constraint'),
    ...pick('routine'),
  };
}
