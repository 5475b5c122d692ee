import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers, read from the source with the parser vite ships (oxc), as
 * src/server/architecture.test.ts reads the server's (decision 085):
 * - shared code (`lib/`, `components/`, `shared/`) never imports a feature or the app;
 * - a feature (`features/<name>/`) never imports another feature, not even a type: what two
 *   features need lives in `shared/`, and the app composes them;
 * - the app (`app/`: router, layouts, guards) holds no page: the router lazy-loads each page from
 *   its feature's `pages/` folder;
 * - nothing in src/web or src/contract imports in a loop, and src/contract imports nothing of the web.
 * Tests obey the same rules as the code they test; `test/` (the page tests' helpers) is shared.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const contract = path.resolve(here, '../contract');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const files = [...sourceFiles(here), ...sourceFiles(contract)];

/** An ESTree node as oxc gives it: only the fields this test reads are typed. */
// biome-ignore lint/suspicious/noExplicitAny: the parser's tree is walked generically
type Node = { type: string; [key: string]: any };
function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item.type === 'string') walk(item, visit);
    } else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}

/** The file an import names: relative, or by the `@web/` and `@contract/` aliases. */
function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith('.')
    ? path.resolve(path.dirname(from), spec)
    : spec.startsWith('@web/')
      ? path.join(here, spec.slice('@web/'.length))
      : spec.startsWith('@contract/')
        ? path.join(contract, spec.slice('@contract/'.length))
        : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`].find((c) => known.has(c));
}
const known = new Set(files);

interface Edge {
  target: string;
  /** Only types: gone once compiled, so it makes no loop, but it still ties one feature to another. */
  typeOnly: boolean;
  /** `import()`: a chunk loaded when needed. */
  lazy: boolean;
}

/** A file's imports, re-exports and `import()`s of other files of src/web and src/contract. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): Edge[] {
  const program = parseSync(file, text, { lang: file.endsWith('x') ? 'tsx' : 'ts' }).program as Node;
  const out: Edge[] = [];
  const add = (spec: unknown, typeOnly: boolean, lazy: boolean) => {
    const target = typeof spec === 'string' ? resolve(file, spec) : undefined;
    if (target) out.push({ target, typeOnly, lazy });
  };
  walk(program, (node) => {
    if (node.type === 'ImportDeclaration') {
      const specifiers = (node.specifiers ?? []) as Node[];
      const typeOnly =
        node.importKind === 'type' ||
        (specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type'));
      add(node.source.value, typeOnly, false);
    } else if (
      (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
      node.source
    ) {
      add(node.source.value, node.exportKind === 'type', false);
    } else if (node.type === 'ImportExpression' && node.source.type === 'Literal') {
      add(node.source.value, false, true);
    }
  });
  return out;
}
const edges = new Map(files.map((f) => [f, importsOf(f)]));

/** Where a file stands, lowest first. */
const LAYERS = ['contract', 'lib', 'components', 'shared', 'feature', 'app'] as const;
type Layer = (typeof LAYERS)[number];
const web = (file: string) => path.relative(here, file).split(path.sep).join('/');
function placeOf(file: string): { layer: Layer; slice?: string } {
  if (file.startsWith(contract + path.sep)) return { layer: 'contract' };
  const [top, name] = web(file).split('/');
  if (top === 'lib') return { layer: 'lib' };
  if (top === 'components') return { layer: 'components' };
  if (top === 'shared' || top === 'test') return { layer: 'shared' };
  if (top === 'features') return { layer: 'feature', slice: name };
  return { layer: 'app' };
}
const rank = (layer: Layer) => LAYERS.indexOf(layer);
const named = (file: string) =>
  file.startsWith(contract + path.sep) ? `contract/${path.relative(contract, file)}` : web(file);

/** Every import that climbs the ladder or crosses from one feature into another. */
function breaches(): string[] {
  const found: string[] = [];
  for (const [file, list] of edges) {
    const from = placeOf(file);
    for (const { target } of list) {
      const to = placeOf(target);
      const upward = rank(to.layer) > rank(from.layer);
      const sideways = from.layer === 'feature' && to.layer === 'feature' && from.slice !== to.slice;
      if (upward || sideways) found.push(`${named(file)} -> ${named(target)}`);
    }
  }
  return found.sort();
}

/** Import loops (strongly connected components of more than one file), type-only imports aside. */
function loops(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const { target: w, typeOnly } of edges.get(v) ?? []) {
      if (typeOnly) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w) {
          onStack.delete(w);
          component.push(named(w));
        }
      } while (w && w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of files) if (!isTest(f) && !index.has(f)) visit(f);
  return found;
}

/** Runs `check` with one made-up file added to the tree, then takes it away again. */
function withFakeFile<T>(file: string, text: string, check: () => T): T {
  known.add(file);
  edges.set(file, importsOf(file, text));
  try {
    return check();
  } finally {
    known.delete(file);
    edges.delete(file);
  }
}

describe('the web app in layers', () => {
  it('reads the whole tree, aliases included', () => {
    expect(files.length).toBeGreaterThan(200);
    const aliased = [...edges.values()].flat().filter((e) => placeOf(e.target).layer === 'contract');
    expect(aliased.length).toBeGreaterThan(100);
  });

  it('has no import that climbs a layer or crosses from one feature into another', () => {
    expect(breaches()).toEqual([]);
  });

  it('has no import loop in src/web or src/contract', () => {
    expect(loops()).toEqual([]);
  });

  it('finds a feature importing another, even for a type, and shared code importing a feature', () => {
    const fake = path.join(here, 'features/discounts/components/fake-form.tsx');
    const text = [
      "import type { CartLine } from '@web/features/checkout/components/cart-line-item';",
      "import { useSession } from '@web/shared/session/session';",
      "import { discountKeys } from '../api/keys';",
    ].join('\n');
    const own = (list: string[], file: string) => list.filter((b) => b.startsWith(`${web(file)} `));
    expect(own(withFakeFile(fake, text, breaches), fake)).toEqual([
      'features/discounts/components/fake-form.tsx -> features/checkout/components/cart-line-item.tsx',
    ]);
    const shared = path.join(here, 'shared/cart/fake-widget.tsx');
    const lazy = "export const load = () => import('@web/features/catalog/pages/tools-page');";
    expect(own(withFakeFile(shared, lazy, breaches), shared)).toEqual([
      'shared/cart/fake-widget.tsx -> features/catalog/pages/tools-page.tsx',
    ]);
  });

  it('finds a loop when there is one', () => {
    // keys.ts is imported by the calls; one import back closes a loop.
    const keys = path.join(here, 'shared/cart/keys.ts');
    const saved = edges.get(keys) ?? [];
    const calls = path.join(here, 'shared/cart/use-cart.ts');
    edges.set(keys, [...saved, { target: calls, typeOnly: false, lazy: false }]);
    try {
      expect(loops()).toEqual([['shared/cart/keys.ts', 'shared/cart/use-cart.ts']]);
    } finally {
      edges.set(keys, saved);
    }
  });

  it('keeps pages in their features: the router lazy-loads each from a `pages/` folder', () => {
    const router = path.join(here, 'app/router.tsx');
    const loaded = (edges.get(router) ?? []).filter((e) => e.lazy).map((e) => web(e.target));
    expect(loaded.length).toBeGreaterThan(40);
    expect(loaded.filter((m) => !/^features\/[a-z-]+\/pages\/[a-z-]+\.tsx$/.test(m))).toEqual([
      'app/layouts/dashboard-layout.tsx',
    ]);
    // The app composes: its router, providers, layouts and guards, and no page of its own.
    const app = files.filter((f) => placeOf(f).layer === 'app' && !isTest(f)).map(web);
    expect(
      app.filter((f) => !/^(main\.tsx|app\/(router|providers)\.tsx|app\/(layouts|guards)\/)/.test(f)),
    ).toEqual([]);
  });
});
