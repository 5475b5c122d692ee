import { buildApp } from './app';
import { loadConfig } from './kernel/config';
import { openDatabase } from './kernel/db';
import { guardProcess } from './kernel/http';
import { loadVehicleData } from './modules/vehicles';
import { seedDemoData } from './seed';

/** Starts the store: open and migrate the database, seed a new one, listen, stop cleanly on a signal. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
  });
  await database.migrate();
  const app = await buildApp(config, database);
  // Every vehicle from vPIC, loaded once at the first start (and after a newer release ships).
  await loadVehicleData(database.db, { log: (message) => app.log.info(message) });
  // From here on, nothing a request or a job fails to handle ends the process (decision 072).
  guardProcess(app.log);
  if (config.seedDemoData && (await seedDemoData(database.db))) {
    app.log.info('Seeded the demo catalog into the new database');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Outbox delivery and the expiry sweep, in every instance (claims keep them apart).
  app.jobs.start();
  // The bound port, not the configured one: PORT=0 asks the system for a free port.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  app.log.info(`${config.store.brand} is open on http://localhost:${port} (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
