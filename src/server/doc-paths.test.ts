import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documents that point at source files name files that exist: a file moved or removed leaves
 * README.md, docs/architecture.md or docs/reliability.md pointing at nothing, and this test names
 * each such path. A path is anything written `src/...` (a trailing `*` or punctuation aside), and,
 * as the architecture writes them for short, a path of the server's rooms (`modules/orders/x.ts`,
 * `kernel/…`, `flows/…`, `edge/…`; `api/…` for `edge/api/…`) or of the web app's folders
 * (`features/…`, `shared/…`, `components/ui/…`, `lib/…`, `app/…`), read from src/server and src/web.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = ['README.md', 'docs/architecture.md', 'docs/reliability.md'];

/** Shorthand starts and the folder each is read from. */
const SHORT: Record<string, string> = {
  kernel: 'src/server/kernel',
  modules: 'src/server/modules',
  flows: 'src/server/flows',
  edge: 'src/server/edge',
  api: 'src/server/edge/api',
  features: 'src/web/features',
  shared: 'src/web/shared',
  components: 'src/web/components',
  lib: 'src/web/lib',
  app: 'src/web/app',
};

const tidy = (p: string) =>
  p
    .replace(/\/?\*.*$/, '')
    .replace(/[.,:;]+$/, '')
    .replace(/\/$/, '');

/** The paths a document names, from the repository's root, without a glob's tail or the sentence's punctuation. */
function namedPaths(text: string): string[] {
  const full = text.match(/(?<![\w/.-])src\/[\w./*-]+/g) ?? [];
  const short = (
    text.match(
      /(?<![\w/.@-])(?:kernel|modules|flows|edge|api|features|shared|components|lib|app)\/[\w./*-]*/g,
    ) ?? []
  ).map((p) => {
    const [start = '', ...rest] = p.split('/');
    return [SHORT[start], ...rest].join('/');
  });
  return [...new Set([...full, ...short].map(tidy))].sort();
}

describe('the paths the documents name', () => {
  it('reads a path out of prose, code and tables', () => {
    expect(
      namedPaths('see `src/server/app.ts`, then src/web/app/*.tsx; and (src/contract/pages.ts). Not x/src/y'),
    ).toEqual(['src/contract/pages.ts', 'src/server/app.ts', 'src/web/app']);
  });

  it('reads the short paths of the server and the web app', () => {
    expect(
      namedPaths(
        '`modules/orders/cancel.ts`, `api/cart.routes.ts`; features/<name>/ and @web/x, not a/kernel/b',
      ),
    ).toEqual([
      'src/server/edge/api/cart.routes.ts',
      'src/server/modules/orders/cancel.ts',
      'src/web/features',
    ]);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const named = namedPaths(readFileSync(path.join(root, doc), 'utf8'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });
});
