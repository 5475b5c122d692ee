/**
 * `npm run vehicles:load`: loads the shipped vehicle-data/ (vPIC) into the database of DATABASE_URL
 * or DATA_DIR, as the store does at its first start; after `npm run vehicles:extract -- <version>`
 * it loads the newer release. Safe to run again or after an interruption: done steps are skipped.
 */
import { loadConfig } from '../kernel/config';
import { openDatabase } from '../kernel/db';
import { loadedVehicleData, loadVehicleData } from '../modules/vehicles';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 2,
  pgliteSharedBuffers: config.pgliteSharedBuffers,
});
try {
  await database.migrate();
  const result = await loadVehicleData(database.db, { log: (m) => console.log(m) });
  const loaded = await loadedVehicleData(database.db);
  console.log(
    result.loaded.length ? 'loaded' : 'already loaded',
    loaded ? `${loaded.source} (vPIC of ${loaded.vpicDate}, loaded ${loaded.loadedAt.toISOString()})` : '',
  );
} finally {
  await database.close();
}
