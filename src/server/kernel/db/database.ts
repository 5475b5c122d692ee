import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ANY_TABLE, type ChangeFeed, changeFeed, TABLE_CHANGES_CHANNEL } from './change-feed';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

/** The drizzle handle services receive; the same type whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: services that must run inside a caller's transaction accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Committed changes of announced tables (drizzle/0004), for caches of what they hold. */
  changes: ChangeFeed;
  /** Runs the migrations in drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query; used by /readyz. */
  ping(): Promise<void>;
  /** Statements sent through drizzle so far (the store's and better-auth's): what a purchase costs. */
  queryCount(): number;
  close(): Promise<void>;
}

// The project's folder holds drizzle/ whether this file runs from src/server/db (tsx, tests) or
// bundled into dist/server (npm start): the nearest folder up that has drizzle's journal.
const migrationsFolder = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The migrations (drizzle/) were not found above the server');
    dir = parent;
  }
  return path.join(dir, 'drizzle');
})();

/**
 * Counts the statements drizzle sends; a counter is all it costs. drizzle's node-postgres driver
 * logs a transaction's BEGIN and COMMIT, its PGlite driver does not: those are counted by hand.
 */
function queryCounter() {
  let count = 0;
  return {
    logger: {
      logQuery() {
        count += 1;
      },
    },
    countTransactions(db: Db) {
      const transaction = db.transaction.bind(db);
      db.transaction = ((run, config) => {
        count += 2;
        return transaction(run, config);
      }) as Db['transaction'];
    },
    queryCount: () => count,
  };
}

/** Any stable number: PostgreSQL advisory locks are keyed by a bigint. */
const MIGRATION_LOCK_KEY = 7_245_001;

/** PostgreSQL through node-postgres, for one or many instances sharing one server. */
export function openPostgres(url: string, poolSize = 10): Database {
  const changes = changeFeed();
  // Every pooled connection listens, so the connection that commits a change hears it before its
  // COMMIT returns (this instance reads its own writes), and other instances' commits arrive on
  // whichever connections are open. The pool hands a connection out only after its LISTEN ran.
  const listening = new Set<pg.ClientBase>();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    async onConnect(client) {
      client.on('notification', (message) => {
        if (message.channel === TABLE_CHANGES_CHANNEL) changes.announce(message.payload ?? ANY_TABLE);
      });
      await client.query(`listen ${TABLE_CHANGES_CHANNEL}`);
      listening.add(client);
    },
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('remove', (client) => {
    // With no connection left listening, a change could pass unheard: forget everything known.
    if (listening.delete(client) && listening.size === 0) changes.announce(ANY_TABLE);
  });
  changes.setListening(() => listening.size > 0);
  const counter = queryCounter();
  const db = drizzleNodePg(pool, { schema, logger: counter.logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    changes,
    queryCount: counter.queryCount,
    async migrate() {
      // Several instances may start at once: one migrates while the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * Embedded PGlite: in `dataDir` on disk (locked to this process), or in memory when no directory
 * is given (tests). `loadDataDir` starts from a dump made by `dumpDataDir`.
 */
export interface PgliteDatabase extends Database {
  /** A tarball of the whole data directory; `openPglite(undefined, dump)` starts from it. */
  dumpDataDir(): Promise<Blob>;
}

/**
 * PostgreSQL's memory inside PGlite. PGlite starts with PostgreSQL's defaults, 128 MB of shared
 * buffers among them, and zeroes all of it at start: resident memory for good, where the demo
 * catalog's pages fill a few (PGLITE_SHARED_BUFFERS, 16MB unless set). One process is PGlite's
 * only connection, so the sizes that scale with connections are cut too. A page not in the
 * buffers is read from the data directory, which the operating system caches (decision 069).
 */
export const pgliteSettings = (sharedBuffers: string) => [
  `shared_buffers=${sharedBuffers}`,
  'wal_buffers=1MB',
  'max_connections=8',
];

export async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
  sharedBuffers = '16MB',
): Promise<PgliteDatabase> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
      extensions: { pg_trgm },
      startParams: [
        ...PGlite.defaultStartParams,
        ...pgliteSettings(sharedBuffers).flatMap((setting) => ['-c', setting]),
      ],
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  return pgliteDatabaseOn(client, async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  });
}

/**
 * The store's handle on a running PGlite; `close` is what ending it means (closing the client,
 * or, for a test's database, handing the client back to be reset for the next file).
 */
export async function pgliteDatabaseOn(client: PGlite, close: () => Promise<void>): Promise<PgliteDatabase> {
  // One process owns the data, so every change is one of ours: PGlite hands the notification over
  // before the committing query returns, and nothing can be missed.
  const changes = changeFeed();
  const unlisten = await client.listen(TABLE_CHANGES_CHANNEL, (payload) => changes.announce(payload));
  const counter = queryCounter();
  const db = drizzlePglite(client, { schema, logger: counter.logger }) as unknown as Db;
  counter.countTransactions(db);
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    changes,
    queryCount: counter.queryCount,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async ping() {
      await client.query('select 1');
    },
    async dumpDataDir() {
      const dump = await client.dumpDataDir('none');
      return dump;
    },
    close() {
      closed ??= unlisten().then(close);
      return closed;
    },
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
  pgliteSharedBuffers?: string;
}): Promise<Database> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl, options.poolSize))
    : openPglite(options.dataDir, undefined, options.pgliteSharedBuffers);
}
