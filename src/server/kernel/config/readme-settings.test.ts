import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Env, loadConfig } from './config';

/**
 * The README's configuration tables against the schema that reads the environment: every
 * variable the store reads has a row, every row names a variable it reads, and the default a row
 * states is the one the store applies: set as the row says, it changes nothing; a row that says
 * unset names a variable with no default of its own.
 */

const readme = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md'),
  'utf8',
);

/** The rows of the tables under "## Configuration": variable and default, as written. */
function settingRows(): { name: string; stated: string }[] {
  const start = readme.indexOf('\n## Configuration');
  const end = readme.indexOf('\n## ', start + 1);
  expect(start).toBeGreaterThan(-1);
  return [...readme.slice(start, end).matchAll(/^\| `([A-Z][A-Z0-9_]*)` *\| *([^|]*?) *\|/gm)].map((m) => ({
    name: m[1] ?? '',
    stated: m[2] ?? '',
  }));
}

const UNSET = '_(unset)_';
const read = Env.shape;
const defaults = Env.parse({}) as Record<string, unknown>;

/** A value the store treats as nothing set: absent, an empty text, an empty list of rates. */
const isNothing = (value: unknown) =>
  value === undefined ||
  value === '' ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

describe("the README's settings", () => {
  const rows = settingRows();

  it('lists every variable the configuration reads, once', () => {
    const listed = rows.map((r) => r.name);
    expect([...listed].sort()).toEqual(Object.keys(read).sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it.each(rows)('states the default of $name as the store applies it', ({ name, stated }) => {
    if (stated === UNSET) {
      expect(isNothing(defaults[name]), `${name} has a default: ${JSON.stringify(defaults[name])}`).toBe(
        true,
      );
      return;
    }
    const literal = /^`([^`]*)`$/.exec(stated)?.[1];
    expect(literal, `${name}: a default is ${UNSET} or one value in backticks`).toBeDefined();
    // The whole configuration, so a default applied after the schema (the store's name) counts too.
    expect(loadConfig({ [name]: literal })).toEqual(loadConfig({}));
  });
});
