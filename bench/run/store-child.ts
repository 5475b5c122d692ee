// One store as its own process for bench/run.ts: the same app main.ts starts, logging off, on a
// free port of 127.0.0.1. Settings come from the environment like the server's; the port goes back
// to the parent over IPC, and the message 'stop' closes the app and the database.
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/kernel/config/config';
import { openDatabase } from '../../src/server/kernel/db/database';
import { seedDemoData } from '../../src/server/seed/seed';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  pgliteSharedBuffers: config.pgliteSharedBuffers,
});
await database.migrate();
const app = await buildApp(config, database);
if (config.seedDemoData) await seedDemoData(database.db);
await app.listen({ port: 0, host: '127.0.0.1' });
// The job runner stays off unless asked (BENCH_JOBS=1): the figures are of the requests, and
// pgbench, beside them, writes the outbox rows and delivers nothing either.
if (process.env.BENCH_JOBS) app.jobs.start();
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });

/**
 * Answers the parent's 'cpu' message with the CPU time used so far, in microseconds, and the
 * statements this process sent PostgreSQL so far (its pool's count, BEGIN and COMMIT included).
 */
function reportCpu() {
  const { user, system } = process.cpuUsage();
  process.send?.({ cpu: user + system, statements: database.queryCount() });
}

process.on('message', async (message) => {
  if (message === 'cpu') return reportCpu();
  if (message !== 'stop') return;
  await app.close();
  await database.close();
  process.exit(0);
});
