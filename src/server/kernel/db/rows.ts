/** node-postgres and PGlite both answer `execute` with `{ rows }`: the rows of a raw query, typed by the caller. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
