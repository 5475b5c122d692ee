import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import * as schema from './kernel/db/schema';
import { tableOwners } from './kernel/db/table-owners';

/**
 * The tree's boundaries, read from the source with the TypeScript parser vite ships (oxc; decision 065):
 * - no import cycle anywhere in src (type-only imports do not count: they vanish when compiled);
 * - a route file never touches a table: it calls its module's services;
 * - a table is written (drizzle's insert/update/delete, or `insert into ${table}` in SQL) only by the
 *   module that owns it in db/table-owners.ts, and every table has an owner there and a row in
 *   docs/architecture.md;
 * - a module imports another module only through its public files: its `*.service.ts` files and
 *   the few files named in `publicFiles` below.
 * Every exception is listed with its reason, so a new break fails the test.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '..');
const root = path.resolve(src, '..');

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || file.includes('/src/server/test/');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
const files = sourceFiles(src).filter((f) => !isTest(f));
/** An ESTree node as oxc gives it: only the fields this test reads are typed. */
// biome-ignore lint/suspicious/noExplicitAny: the parser's tree is walked generically
type Node = { type: string; [key: string]: any };
const parsed = new Map(
  files.map((f) => [
    f,
    parseSync(f, readFileSync(f, 'utf8'), { lang: f.endsWith('x') ? 'tsx' : 'ts' }).program as Node,
  ]),
);
/** Every node under `node`, depth first. */
function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item.type === 'string') walk(item, visit);
    } else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}
const server = (file: string) => path.relative(here, file).split(path.sep).join('/');

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (parsed.has(c)) return c;
  }
  return undefined;
}

interface Import {
  target: string;
  /** Local name -> exported name; '*' for a namespace import. */
  names: Map<string, string>;
}

/** A file's value imports and re-exports (type-only ones leave nothing behind at run time). */
function importsOf(file: string): Import[] {
  const out: Import[] = [];
  for (const node of (parsed.get(file)?.body ?? []) as Node[]) {
    if (node.type === 'ImportDeclaration') {
      if (node.importKind === 'type') continue;
      const target = resolve(file, node.source.value);
      if (!target) continue;
      const names = new Map<string, string>();
      const specifiers = node.specifiers as Node[];
      for (const sp of specifiers) {
        if (sp.type === 'ImportNamespaceSpecifier') names.set(sp.local.name, '*');
        else if (sp.type === 'ImportDefaultSpecifier') names.set(sp.local.name, 'default');
        else if (sp.importKind !== 'type') names.set(sp.local.name, sp.imported.name ?? sp.imported.value);
      }
      if (specifiers.length > 0 && names.size === 0) continue;
      out.push({ target, names });
    } else if (
      (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
      node.source
    ) {
      if (node.exportKind === 'type') continue;
      const target = resolve(file, node.source.value);
      if (target) out.push({ target, names: new Map() });
    }
  }
  return out;
}
const edges = new Map(files.map((f) => [f, importsOf(f)]));

/** Strongly connected components of more than one file (Tarjan). */
function cycles(): string[][] {
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
    for (const { target: w } of edges.get(v) ?? []) {
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
          component.push(path.relative(src, w));
        }
      } while (w && w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

// The schema's files, and the SQL name of each table they export.
const schemaFiles = new Set(
  files.filter((f) => /\/src\/server\/kernel\/db\/(schema|[a-z-]+-schema)\.ts$/.test(f)),
);
const sqlName = new Map<string, string>();
for (const [name, value] of Object.entries(schema))
  if (is(value, PgTable)) sqlName.set(name, getTableName(value));

interface Write {
  file: string;
  table: string;
}

/** Every insert, update and delete of a table in a file, by the table's SQL name. */
function writesIn(file: string): Write[] {
  const locals = new Map<string, string>();
  for (const { target, names } of edges.get(file) ?? []) {
    if (schemaFiles.has(target)) for (const [local, exported] of names) locals.set(local, exported);
  }
  if (locals.size === 0) return [];
  const tableOf = (node: Node): string | undefined => {
    if (node.type === 'Identifier') {
      const exported = locals.get(node.name);
      return exported && exported !== '*' ? sqlName.get(exported) : undefined;
    }
    if (node.type === 'MemberExpression' && !node.computed && node.object.type === 'Identifier') {
      return locals.get(node.object.name) === '*' ? sqlName.get(node.property.name) : undefined;
    }
    return undefined;
  };
  const found: Write[] = [];
  walk(parsed.get(file) as Node, (node) => {
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'MemberExpression' &&
      !node.callee.computed &&
      ['insert', 'update', 'delete'].includes(node.callee.property.name) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]);
      if (table) found.push({ file, table });
    }
    if (node.type === 'TemplateLiteral') {
      (node.expressions as Node[]).forEach((expression, i) => {
        const table = tableOf(expression);
        const before: string = node.quasis[i].value.raw;
        if (table && /\b(insert\s+into|update|delete\s+from)\s*$/i.test(before)) found.push({ file, table });
      });
    }
  });
  return found;
}

/** Writers the owners map does not name, each with why it is so today. */
const foreignWrites: Record<string, string> = {
  // None today. An entry reads: 'modules/x/file.ts table': 'why, and until when'.
};

/** Files outside modules that may write: the seed and the command-line scripts, like the tests. */
const mayWriteAnything = (file: string) => /^(seed\/|cli\/)/.test(file);
/** The files that assemble the store (app.ts wires every module's routes and jobs), and the seed. */
const mayImportAnything = (file: string) =>
  /^(edge|flows)\//.test(file) || file === 'app.ts' || file === 'main.ts' || mayWriteAnything(file);

/**
 * What a module offers the others besides its `*.service.ts` files. Each entry is a file other
 * modules already build on; new ones belong in a service file or here with a reason.
 */
const publicFiles: Record<string, string> = {
  'modules/catalog/catalog-query.ts': 'the catalog list query other modules filter by',
  'modules/catalog/low-stock.ts': "the low-stock rule the notifications module's digest uses",
  'modules/discounts/discount-offer.ts': 'the discount a cart qualifies for, read by pricing',
  'modules/discounts/discount-uses.ts': "taking and giving back a discount's use in an order's transaction",
  'modules/orders/cancel.ts': 'cancelling an order, from the admin and customer screens',
  'modules/orders/customer-orders.ts': "a customer's orders, read by the account and guest screens",
  'modules/orders/guest-claim.ts': 'claiming guest orders when an account is made',
  'modules/orders/order-errors.ts': "the orders module's errors, mapped to answers by routes",
  'modules/orders/order-read.ts': 'reading one order, for every screen that shows one',
  'modules/orders/order-state.ts': 'the state machine: payments and checkout fire its events',
  'modules/orders/place-order.ts': 'placing an order, called by checkout',
  'modules/orders/receipt-pdf.ts': "an order's receipt, sent by mail and downloaded",
  'modules/orders/refunds.ts': 'refunds, from the admin after-sale screens',
  'modules/orders/returns.ts': 'returns, from the admin after-sale screens',
  'modules/orders/shipments.ts': 'shipments, from the admin after-sale screens',
  'modules/pricing/pricing.ts': 'pricing a cart, for cart and checkout',
};

describe('architecture', () => {
  it('has no import cycle in src', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(cycles()).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    // order-core imports catalog-core; one import back closes a loop.
    const a = path.join(src, 'server/kernel/db/catalog-core-schema.ts');
    const b = path.join(src, 'server/kernel/db/order-core-schema.ts');
    const saved = edges.get(a) ?? [];
    edges.set(a, [...saved, { target: b, names: new Map() }]);
    try {
      expect(cycles()).toEqual([
        ['server/kernel/db/catalog-core-schema.ts', 'server/kernel/db/order-core-schema.ts'],
      ]);
    } finally {
      edges.set(a, saved);
    }
  });

  it('keeps route files away from the tables', () => {
    const routes = files.filter((f) => f.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(20);
    const touching = routes
      .filter((f) => (edges.get(f) ?? []).some(({ target }) => schemaFiles.has(target)))
      .map(server);
    expect(touching).toEqual([]);
  });

  it('has an owner for every table, and the owners map names only tables', () => {
    const tables = [...sqlName.values()].sort();
    expect(tables.length).toBeGreaterThan(40);
    expect(Object.keys(tableOwners).sort()).toEqual(tables);
  });

  it("lists every table in docs/architecture.md's ownership table", () => {
    const docs = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Who owns which table'));
    const ownership = section.slice(0, section.indexOf('\n## ', 1));
    const missing = [...sqlName.values()].filter((t) => !ownership.includes(`\`${t}\``));
    expect(missing).toEqual([]);
  });

  it('lets a table be written only by its owner', () => {
    const writes = files.filter((f) => f.includes('/src/server/')).flatMap(writesIn);
    // The check sees both drizzle calls and SQL text: the stock ledger and order history are SQL.
    expect(writes.some((w) => w.table === 'stock_movements')).toBe(true);
    expect(writes.some((w) => w.table === 'order_events')).toBe(true);
    expect(writes.some((w) => w.table === 'tools' && server(w.file).startsWith('modules/inventory/'))).toBe(
      true,
    );
    const foreign = writes
      .filter(({ file }) => !mayWriteAnything(server(file)))
      .filter(
        ({ file, table }) => !(tableOwners[table] ?? []).some((owner) => server(file).startsWith(owner)),
      )
      .map(({ file, table }) => `${server(file)} ${table}`);
    expect([...new Set(foreign)].filter((w) => !(w in foreignWrites))).toEqual([]);
    // An exception that no longer happens comes off the list.
    expect(Object.keys(foreignWrites).filter((w) => !foreign.includes(w))).toEqual([]);
  });

  it('sees a write through drizzle, through the schema namespace and in SQL text', () => {
    const fake = path.join(here, 'modules/cart/fake-writer.ts');
    const text = [
      "import { sql } from 'drizzle-orm';",
      "import * as schema from '../../kernel/db/schema';",
      "import { tools as products, orders } from '../../kernel/db/schema';",
      'export const a = (db) => db.update(products).set({ brand: "x" });',
      'export const b = (db) => db.delete(schema.mails);',
      `export const c = sql\`insert into \${orders} (id) values (1)\`;`,
      'export const d = (db) => db.select().from(orders);',
    ].join('\n');
    parsed.set(fake, parseSync(fake, text, { lang: 'ts' }).program as Node);
    edges.set(fake, importsOf(fake));
    try {
      expect(writesIn(fake).map((w) => w.table)).toEqual(['tools', 'mails', 'orders']);
    } finally {
      parsed.delete(fake);
      edges.delete(fake);
    }
  });

  it('lets a module import another only through its public files', () => {
    const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(server(file))?.[1];
    const deep: string[] = [];
    for (const file of files.filter((f) => f.includes('/src/server/') && !mayImportAnything(server(f)))) {
      for (const { target } of edges.get(file) ?? []) {
        const other = moduleOf(target);
        if (!other || other === moduleOf(file)) continue;
        const name = server(target);
        if (!name.endsWith('.service.ts') && !(name in publicFiles)) deep.push(`${server(file)} -> ${name}`);
      }
    }
    expect(deep).toEqual([]);
  });
});
