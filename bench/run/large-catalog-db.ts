import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  insertLargeCatalog,
  LARGE_CATALOG_SEED,
  LARGE_CATALOG_SIZE,
} from '../../src/server/cli/large-catalog';
import { openPglite, openPostgres } from '../../src/server/kernel/db/database';
import { storeSettings } from '../../src/server/kernel/db/schema';

/** Written last: a database without it was left half-seeded by an interrupted run. */
const SEEDED_KEY = 'bench_large_seeded';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Seeding 100,000 tools takes 10-20 s, so the seeded databases are kept between runs, under a
 * name made from everything that shapes them: the migrations, the generator and its seed.
 */
function fingerprint(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(root, 'drizzle/meta/_journal.json')));
  hash.update(readFileSync(path.join(root, 'src/server/cli/large-catalog.ts')));
  hash.update(`${LARGE_CATALOG_SIZE}:${LARGE_CATALOG_SEED}`);
  return hash.digest('hex').slice(0, 10);
}

/** A PGlite data directory holding the large catalog, made once in the system's temp folder. */
export async function largePgliteDir(log: (line: string) => void): Promise<string> {
  const dir = path.join(tmpdir(), 'torque-works-bench', `pglite-large-${fingerprint()}`);
  const done = path.join(dir, 'seeded');
  if (existsSync(done)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`seeding ${LARGE_CATALOG_SIZE} tools into PGlite in ${dir} (kept for later runs)`);
  const database = await openPglite(dir);
  try {
    await database.migrate();
    await insertLargeCatalog(database.db);
  } finally {
    await database.close();
  }
  writeFileSync(done, new Date().toISOString());
  return dir;
}

/** A database on the PostgreSQL server of `serverUrl` holding the large catalog, made once. */
export async function largePostgresUrl(serverUrl: string, log: (line: string) => void): Promise<string> {
  const name = `torque_bench_large_${fingerprint()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) {
      // A run interrupted while seeding leaves a database without its marker row: start it over.
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const seeded = await check.query('select 1 from store_settings where key = $1', [SEEDED_KEY]).then(
        (r) => r.rowCount === 1,
        () => false,
      );
      await check.end();
      if (seeded) return url.toString();
      await admin.query(`drop database ${name} with (force)`);
    }
    log(`seeding ${LARGE_CATALOG_SIZE} tools into PostgreSQL database ${name} (kept for later runs)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(url.toString(), 2);
  try {
    await database.migrate();
    await insertLargeCatalog(database.db);
    await database.db.insert(storeSettings).values({ key: SEEDED_KEY, value: sql`to_jsonb(now())` });
  } finally {
    await database.close();
  }
  return url.toString();
}
