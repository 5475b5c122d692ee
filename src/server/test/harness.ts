import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../kernel/config/config';
import { type Database, type Db, openPostgres } from '../kernel/db/database';
import { loadVehicleData } from '../modules/vehicles';
import { storeOutbox } from './outbox';
import { leaseTestPglite } from './pglite-pool';

/**
 * A fresh, migrated, empty database for one test file: PGlite in memory by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return leaseTestPglite(() => new Blob([readFileSync(inject('pgliteDumpFile'))]));
  }
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = openPostgres(testUrl.toString(), 20);
  await database.migrate();
  await loadVehicleData(database.db);
  return {
    ...database,
    url: testUrl.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Configuration as a test wants it: quiet, no web build unless asked for, no demo seed. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
      // A test suite's password hash: the same scrypt at a work factor a run of thousands of
      // sign-ins can afford (kernel/identity/password-hash.ts); the standard cost has its own test.
      PASSWORD_HASH_COST: 'low',
      WEB_DIST_DIR: '/nonexistent-web-build',
      // Uploads of a test never land in the working tree.
      UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), 'store-uploads-')),
    }),
    seedDemoData: false,
    // One test customer places many orders; the tests of the caps set them back (realOrderCaps).
    // The waiting-for-payment mail is due at once, so a test reads it after one drain; the tests
    // of its delay set their own.
    orders: {
      ...loadConfig({}).orders,
      maxUnpaidOrders: 100_000,
      maxReservedUnits: 100_000_000,
      waitingMailMs: 0,
    },
    // Many requests from one test address must not trip the limits; rate-limit tests set their own.
    rateLimits: {
      ordersPerMinute: 100_000,
      cartWritesPerMinute: 100_000,
      reviewsPerMinute: 100_000,
      contactPerMinute: 100_000,
      notFoundPerMinute: 100_000,
      catalogSearchPerMinute: 100_000,
    },
    ...overrides,
  };
}

/** The order caps of a real store, for the tests of those caps; other tests place orders freely. */
export const realOrderCaps = () => loadConfig({}).orders;

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database, for `app.inject` calls. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(overrides), database);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type StoreApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * Instances of the store on one test database, as several processes share one PostgreSQL: opened
 * before the file's tests, every instance and the database closed after them. Call at the top of
 * a test file.
 */
export function instancesOnOneDatabase() {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const running: StoreApp[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    await database?.close();
  });
  const opened = () => {
    if (!database) throw new Error('the database opens before the tests');
    return database;
  };
  return {
    get database() {
      return opened();
    },
    /** Another instance of the store on the same database. */
    async instance(config: Config): Promise<StoreApp> {
      const app = await buildApp(config, opened());
      await app.ready();
      running.push(app);
      return app;
    },
    /** Stops one instance (a restart, when the next one opens). */
    async stop(app: StoreApp) {
      await app.close();
      running.splice(running.indexOf(app), 1);
    },
  };
}

/** The outbox of a test store (testConfig has no webhook address), for services called without an app. */
export const testOutbox = (db: Db, config: Config = testConfig()) => storeOutbox(db, config);
