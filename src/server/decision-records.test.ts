import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every record in docs/decisions says when it was decided and whether it still holds: a line
 * `Date: YYYY-MM-DD` and a line `Status: accepted…` or `Status: superseded by NNN…`, naming a
 * decision that exists. A reader can then trust an accepted record, and follow a superseded one.
 */

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/decisions');
const records = readdirSync(folder)
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({ name, text: readFileSync(path.join(folder, name), 'utf8') }));
const numbers = new Set(records.map((r) => r.name.slice(0, 3)));

describe('decision records', () => {
  it('are numbered once each', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const { name } of records) expect(name).toMatch(/^\d{3}-[a-z0-9-]+\.md$/);
    expect(numbers.size).toBe(records.length);
  });

  it.each(records)('$name carries its number, a date and a status', ({ name, text }) => {
    const number = name.slice(0, 3);
    expect(text.startsWith(`# ${number}: `), 'title starts with the number').toBe(true);

    const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
    expect(date, 'a line "Date: YYYY-MM-DD"').toBeDefined();
    expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);

    const status = /^Status: (.+)$/m.exec(text)?.[1] ?? '';
    expect(status, 'a line "Status: accepted" or "Status: superseded by NNN"').toMatch(
      /^(accepted|superseded by \d{3})\b/,
    );
    // Every decision the status line names (what superseded or amended this one) exists, and came later.
    for (const [, other = ''] of status.matchAll(/\b(?:by|decision) (\d{3})\b/g)) {
      expect(numbers.has(other), `decision ${other} exists`).toBe(true);
      expect(other > number, `decision ${other} came after ${number}`).toBe(true);
    }
  });
});
