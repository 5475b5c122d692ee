/** Money as staff type it into a form (a refund, a discount), read without float arithmetic. */

/** "12.5" or "12.50" dollars as cents, without float arithmetic; undefined when it is not money. */
export function dollarsToCents(text: string): number | undefined {
  const match = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
