// `npm run bench:admin-products`: Manage Product's list on the 100,000-tool catalog of `npm run bench`
// (seeded once on PostgreSQL and kept, bench/run/large-catalog-db.ts), through HTTP as the owner's
// page asks it: the first page by name, deep pages, a search by part number, by name, and each
// filter. One request at a time, every one different; prints each kind's p50, p99 and worst, and
// whether each kind's median stayed under the goal (decision 082). A benchmark, not a test.
//
//   npm run bench:admin-products [-- --postgres-url=postgres://postgres@127.0.0.1:5432/postgres]
//                                [--database-url=<an already seeded database>] [--rounds=20]
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { call, signInOverHttp, signUpOverHttp } from '../src/server/test/http-client';
import { startStore } from './run/children';
import { largePostgresUrl } from './run/large-catalog-db';
import { percentile } from './run/load';
import { describeMachine } from './run/machine';

const { values: args } = parseArgs({
  options: {
    'postgres-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    'database-url': { type: 'string' },
    rounds: { type: 'string', default: '20' },
  },
});
const rounds = Number(args.rounds);
/** The page answers fast: each kind's median answer at 100,000 products, on a machine doing nothing else. */
const GOAL_MS = 100;
const log = (line: string) => console.error(`bench:admin-products: ${line}`);

const url = args['database-url'] ?? (await largePostgresUrl(args['postgres-url'], log));
const probe = new pg.Client({ connectionString: url });
await probe.connect();
const sample = async (text: string) => (await probe.query(text)).rows.map((r) => String(r.v));
// One client, one query at a time.
const numbers = await sample(`select number as v from part_numbers order by md5(id::text) limit ${rounds}`);
const skus = await sample(
  `select sku as v from products where sku is not null order by md5(id::text) limit ${rounds}`,
);
const words = await sample(
  `select split_part(name, ' ', 2) as v from products where name like '% %' order by md5(id::text) limit ${rounds}`,
);
const categories = await sample('select slug as v from categories order by slug');
const brands = await sample('select name as v from brands order by name');
const total = await sample('select count(*) as v from products');
await probe.end();

const pick = (list: string[], i: number) => list[i % Math.max(1, list.length)] ?? '';
const q = (params: Record<string, string | number>) =>
  `/api/catalog/products?${new URLSearchParams(
    Object.entries({ sort: 'name', limit: 100, ...params }).map(([k, v]) => [k, String(v)]),
  )}`;
const pages = Math.ceil(Number(total[0]) / 100);
const KINDS: Record<string, (i: number) => string> = {
  'first pages by name': (i) => q({ page: 1 + (i % 5) }),
  'deep pages by name': (i) => q({ page: pages - (i % 50) }),
  'by part number': (i) => q({ search: pick(numbers, i) }),
  'by SKU': (i) => q({ search: pick(skus, i) }),
  'by a word of the name': (i) => q({ search: pick(words, i) }),
  'one category': (i) => q({ category: pick(categories, i), page: 1 + (i % 3) }),
  'one brand': (i) => q({ brand: pick(brands, i), page: 1 + (i % 3) }),
  'drafts and archived': (i) => q({ status: i % 2 ? 'draft' : 'archived' }),
  'low stock': (i) => q({ stock: 'low', page: 1 + (i % 2) }),
  'a word in one category': (i) => q({ search: pick(words, i), category: pick(categories, i) }),
};

const ownerEmail = 'bench-owner@torque.example';
const dataDir = mkdtempSync(path.join(tmpdir(), 'torque-bench-admin-'));
const store = await startStore({
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'false',
  WEB_DIST_DIR: '/nonexistent-web-build',
  ADMIN_EMAILS: ownerEmail,
});
const rows: string[] = [];
const slow: string[] = [];
try {
  // The seeded database is kept between runs: the owner may have signed up last time.
  const owner = await signUpOverHttp(store.url, { email: ownerEmail, name: 'Bench Owner' }).catch(() =>
    signInOverHttp(store.url, ownerEmail),
  );
  // One round of every kind first: connections, prepared plans and the catalog's caches warm up.
  for (const make of Object.values(KINDS)) await call(store.url, 'GET', make(rounds), { session: owner });
  for (const [kind, make] of Object.entries(KINDS)) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < rounds; i += 1) {
      const begun = performance.now();
      const answer = await call(store.url, 'GET', make(i), { session: owner });
      times.push(performance.now() - begun);
      if (answer.status !== 200) throw new Error(`${kind}: ${answer.status} ${JSON.stringify(answer.body)}`);
      found += (answer.body as { total: number }).total;
    }
    times.sort((a, b) => a - b);
    if (percentile(times, 50) >= GOAL_MS) slow.push(kind);
    rows.push(
      `| ${kind} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} | ${Math.round(found / rounds)} |`,
    );
  }
} finally {
  await store.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nManage Product at ${Number(total[0]).toLocaleString('en-US')} products, PostgreSQL: ${describeMachine()}`,
);
console.log(`${rounds} requests of each kind, one at a time, each different; ms per answer over HTTP\n`);
console.log('| request | p50 ms | p99 ms | worst ms | products found (mean) |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `\ngoal: each kind's median under ${GOAL_MS} ms: ${slow.length === 0 ? 'met' : `NOT met (${slow.join(', ')})`}; load average at the end ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
