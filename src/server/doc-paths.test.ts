import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documents that point at source files name files that exist: a file moved or removed leaves
 * docs/architecture.md or docs/reliability.md pointing at nothing, and this test names each such
 * path. A path is anything written `src/...` (a trailing `*` or punctuation aside).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = ['docs/architecture.md', 'docs/reliability.md'];

/** The `src/...` paths a document names, without a glob's tail or the sentence's punctuation. */
function namedPaths(text: string): string[] {
  const found = text.match(/(?<![\w/.-])src\/[\w./*-]+/g) ?? [];
  return [...new Set(found.map((p) => p.replace(/\/?\*.*$/, '').replace(/[.,:;]+$/, '')))].sort();
}

describe('the paths the documents name', () => {
  it('reads a path out of prose, code and tables', () => {
    expect(
      namedPaths('see `src/server/app.ts`, then src/web/app/*.tsx; and (src/contract/pages.ts). Not x/src/y'),
    ).toEqual(['src/contract/pages.ts', 'src/server/app.ts', 'src/web/app']);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const named = namedPaths(readFileSync(path.join(root, doc), 'utf8'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });
});
