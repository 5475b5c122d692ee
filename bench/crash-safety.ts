// Crash safety: the real store process (`npm start`'s scripts/start.mjs) under order load, killed
// with SIGKILL at seeded random moments and restarted on the same data; after each restart the
// database must hold everything the store acknowledged, and the stock must add up.
//
//   npm run crash-safety -- --db=pglite|postgres [--kills=12] [--seed=6] [--customers=8]
//                           [--postgres-url=postgres://postgres@127.0.0.1:5432/test] [--keep]
//
// PostgreSQL: a fresh database is created on the server of --postgres-url (default
// TEST_DATABASE_URL, else the local server) and dropped at the end. --keep leaves the data behind.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openPglite, openPostgres } from '../src/server/kernel/db/database';
import { addProductOverHttp, call, signUpOverHttp } from '../src/server/test/http-client';
import { createScratchDatabase } from '../src/server/test/scratch-postgres';
import { type ServerProcess, startServerProcess } from '../src/server/test/server-process';
import {
  type Customer,
  emptyLedger,
  type LoadProduct,
  LoadRound,
  runCustomer,
} from './crash-safety/order-load';
import { seededRandom } from './crash-safety/seeded-random';
import { type AuditResult, auditStore } from './crash-safety/store-audit';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.CRASH_SAFETY_DB ?? 'pglite' },
    kills: { type: 'string', default: '12' },
    seed: { type: 'string', default: '6' },
    customers: { type: 'string', default: '8' },
    'postgres-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    keep: { type: 'boolean', default: false },
  },
});
if (args.db !== 'pglite' && args.db !== 'postgres') throw new Error('--db must be pglite or postgres');
const kills = Number(args.kills);
const seed = Number(args.seed);
const customerCount = Number(args.customers);

/** Where the store keeps its data, and how this script reads it while no store runs. */
interface Storage {
  env: Record<string, string>;
  describe: string;
  /** The PGlite data directory's lock file, to see whether a kill left it behind. */
  lockFile: string | undefined;
  open(): Promise<Database>;
  cleanUp(): Promise<void>;
}

async function prepareStorage(): Promise<Storage> {
  // Also for PostgreSQL: DATA_DIR is where uploads would go, and nothing may land in the working tree.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-crash-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (args.db === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      describe: `PGlite in ${dataDir}`,
      lockFile: path.join(dataDir, 'store.pid'),
      open: () => openPglite(dataDir),
      cleanUp: removeDir,
    };
  }
  const scratch = await createScratchDatabase(args['postgres-url'] as string, 'store_crash');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    describe: `PostgreSQL database ${scratch.name}`,
    lockFile: undefined,
    open: async () => openPostgres(scratch.url, 2),
    cleanUp: async () => {
      await scratch.drop();
      await removeDir();
    },
  };
}

interface KillRow {
  kill: number;
  afterAnswer: number;
  inFlight: number;
  audit: AuditResult;
  restartMs: number;
  staleLock: string;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function printTable(rows: KillRow[]) {
  const header = [
    'kill',
    'at answer',
    'in flight',
    'orders acked',
    'found',
    'paid acked',
    'still paid',
    'in doubt',
    'restart s',
    'stale lock',
    'mismatches',
  ];
  const lines = rows.map((r) => [
    r.kill,
    r.afterAnswer,
    r.inFlight,
    r.audit.ackedOrders,
    r.audit.ackedOrdersFound,
    r.audit.ackedPaid,
    r.audit.ackedPaidStillPaid,
    r.audit.ordersInDoubt,
    seconds(r.restartMs),
    r.staleLock,
    r.audit.mismatches.length,
  ]);
  const cells = [header, ...lines].map((line) => line.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? '').length)));
  for (const line of cells) console.log(line.map((cell, i) => cell.padStart(widths[i] ?? 0)).join('  '));
}

async function main() {
  const startedAt = performance.now();
  const random = seededRandom(seed);
  const storage = await prepareStorage();
  const adminEmail = `crash-admin-${Date.now().toString(36)}@example.com`;
  const env = {
    ...storage.env,
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAILS: adminEmail,
    // Every customer comes from 127.0.0.1 and orders quickly: the abuse limits are not under test.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  };
  const start = () => startServerProcess({ entry: 'start-script', env, openWithinMs: 600_000 });
  console.log(
    `Crash safety on ${storage.describe}: ${kills} kills, seed ${seed}, ${customerCount} customers`,
  );

  let server: ServerProcess | undefined;
  const rows: KillRow[] = [];
  const unexpected: string[] = [];
  const restartTimes: number[] = [];
  let totals = { requests: 0, answered: 0, unanswered: 0, refused: 0 };
  try {
    server = await start();
    const admin = await signUpOverHttp(server.url, { email: adminEmail, name: 'Crash Admin' });
    // A big stock that never runs out, and a small one that sells out during the run (refusals too).
    const products: LoadProduct[] = [
      { id: '', initial: 100_000, weight: 3 },
      { id: '', initial: 150, weight: 2 },
    ];
    for (const [i, tool] of products.entries()) {
      tool.id = await addProductOverHttp(server.url, admin, {
        name: `Crash test wrench ${i + 1}`,
        availableQuantity: tool.initial,
      });
    }
    const customers: Customer[] = [];
    for (let i = 0; i < customerCount; i++) {
      customers.push({
        session: await signUpOverHttp(server.url, { name: `Crash Customer ${i + 1}` }),
        random: random.fork(i),
        open: [],
        payingInDoubt: [],
      });
    }
    const ledger = emptyLedger();

    for (let kill = 1; kill <= kills; kill++) {
      const running = server;
      if (!running) throw new Error('no store process is running');
      const round = new LoadRound(running.url, random.int(10, 150), () => void running.kill());
      await Promise.all(customers.map((customer) => runCustomer(round, ledger, customer, products)));
      if (!round.killed) {
        unexpected.push(`kill ${kill}: every customer stopped before the kill`);
        round.kill();
      }
      const { code, signal } = await running.exited;
      if (signal !== 'SIGKILL')
        unexpected.push(`kill ${kill}: the store exited by itself (${signal ?? code})`);
      unexpected.push(...round.unexpected.map((line) => `kill ${kill}: ${line}`));
      totals = {
        requests: totals.requests + round.requests,
        answered: totals.answered + round.responses,
        unanswered: totals.unanswered + round.unanswered,
        refused: totals.refused + round.refused,
      };

      // The restart must cope with whatever the kill left: a stale PGlite lock, a half-written WAL.
      const lockHolder =
        storage.lockFile && existsSync(storage.lockFile) ? readFileSync(storage.lockFile, 'utf8') : '';
      const staleLock = storage.lockFile ? (lockHolder === String(running.pid) ? 'yes' : 'no') : '-';
      const restartedAt = performance.now();
      const restarted = await start();
      server = restarted;
      const restartMs = performance.now() - restartedAt;
      restartTimes.push(restartMs);
      const ready = await call(restarted.url, 'GET', '/readyz');
      if (ready.status !== 200)
        unexpected.push(`kill ${kill}: /readyz answered ${ready.status} after restart`);
      // Sessions live in the database: a customer signed in before the crash still is.
      const someone = customers[kill % customers.length] as Customer;
      const mine = await call(
        restarted.url,
        'GET',
        `/api/order?userEmail=${encodeURIComponent(someone.session.email)}`,
        { session: someone.session },
      );
      if (mine.status !== 200) unexpected.push(`kill ${kill}: a customer's session failed after restart`);
      const stopCode = await restarted.stop();
      server = undefined;
      if (stopCode !== 0) unexpected.push(`kill ${kill}: the restarted store stopped with ${stopCode}`);

      const database = await storage.open();
      let audit: AuditResult;
      try {
        audit = await auditStore(database, ledger, products);
      } finally {
        await database.close();
      }
      rows.push({
        kill,
        afterAnswer: round.killAfterResponses,
        inFlight: round.inFlightAtKill,
        audit,
        restartMs,
        staleLock,
      });
      for (const line of audit.mismatches) console.log(`  kill ${kill} mismatch: ${line}`);
      if (kill < kills) server = await start();
    }
  } finally {
    await server?.kill();
    if (args.keep) console.log(`Data kept: ${storage.describe}`);
    else await storage.cleanUp();
  }

  const last = rows[rows.length - 1]?.audit;
  const mismatches = rows.reduce((sum, row) => sum + row.audit.mismatches.length, 0);
  console.log('');
  console.log('at answer: the kill came with this answer of the run; in flight: calls it cut off;');
  console.log('in doubt: orders in the database whose 201 never arrived (allowed either way)');
  printTable(rows);
  console.log('');
  console.log(`database               ${args.db}`);
  console.log(`kills                  ${rows.length}`);
  console.log(`orders acknowledged    ${last?.ackedOrders ?? 0}`);
  console.log(`orders found           ${last?.ackedOrdersFound ?? 0}`);
  console.log(
    `payments acknowledged  ${last?.ackedPaid ?? 0} (still paid: ${last?.ackedPaidStillPaid ?? 0})`,
  );
  console.log(
    `orders in doubt        ${last?.ordersInDoubt ?? 0} (in the database, answer cut off by a kill)`,
  );
  console.log(
    `requests               ${totals.requests} sent, ${totals.answered} answered, ` +
      `${totals.unanswered} cut off, ${totals.refused} refused as sold out`,
  );
  console.log(`mismatches             ${mismatches}`);
  console.log(`unexpected answers     ${unexpected.length}`);
  for (const line of unexpected) console.log(`  ${line}`);
  const average = restartTimes.reduce((a, b) => a + b, 0) / Math.max(1, restartTimes.length);
  console.log(
    `restart after kill     ${seconds(average)} s average, ${seconds(Math.max(0, ...restartTimes))} s max`,
  );
  console.log(`duration               ${seconds(performance.now() - startedAt)} s`);
  if (mismatches > 0 || unexpected.length > 0) process.exitCode = 1;
}

await main();
