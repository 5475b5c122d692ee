import { centsToDecimal } from '@contract/money';
import { ApiError } from '@web/lib/api-client';

/** What the store said was wrong: a message for the form, and one per field it named. */
export interface Problem {
  message: string;
  fields: Record<string, string>;
}

export function problemOf(error: unknown, fallback: string): Problem {
  const fields: Record<string, string> = {};
  if (error instanceof ApiError) for (const issue of error.issues) fields[issue.path] ??= issue.message;
  return { message: error instanceof Error && error.message ? error.message : fallback, fields };
}

/** Dollars typed into a cost box, as cents; blank is undefined, so the store's rule speaks. */
export const centsText = (cents: number | undefined) => (cents === undefined ? '' : centsToDecimal(cents));
