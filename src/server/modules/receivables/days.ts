/** The store's day (UTC) of a moment, YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** A day `days` after (or before, when negative) another, both YYYY-MM-DD. */
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** The month before the one a moment falls in, YYYY-MM. */
export function monthBefore(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** A month's first day and the next month's first day, YYYY-MM-DD. */
export function monthBounds(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { start: `${month}-01`, end };
}
