import { EventEmitter } from 'node:events';
import { buildApp } from '../app';
import { loadConfig } from '../kernel/config/config';
import { openDatabase } from '../kernel/db/database';
import { declareScopeAccess } from '../kernel/http';
import { guarded, guardProcess } from '../kernel/http/process-guard';

/**
 * The store as main.ts starts it (the process guard installed once the app is built), with three
 * routes that fail the way a missed listener fails, for process-guard.test.ts: none of them may end
 * the process, each must fail only its own request or job. Not a route of the store.
 */

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  pgliteSharedBuffers: config.pgliteSharedBuffers,
});
await database.migrate();
const app = await buildApp(config, database);
guardProcess(app.log);

// The test routes below are public: what they test is not who may call them.
declareScopeAccess(app, 'public');

/** What never comes: the handler waits as the import did for a parser that had died. */
const never = () => new Promise<never>(() => {});

// An 'error' event with no listener, emitted outside the handler's promise.
app.get('/test/unheard-error-event', async () => {
  const stream = new EventEmitter();
  setImmediate(() => stream.emit('error', new Error('an error event nobody listens to')));
  return never();
});

// A rejected promise nobody awaits.
app.get('/test/unheard-rejection', async () => {
  void Promise.reject(new Error('a rejection nobody handles'));
  return never();
});

// A job whose timer throws: the job run fails with the error, and says so.
app.get('/test/job-that-throws', async () => {
  try {
    await guarded('job test', () => {
      setTimeout(() => {
        throw new Error('thrown in a timer of the job');
      }, 1);
      return never();
    });
    return { failedWith: null };
  } catch (error) {
    return { failedWith: (error as Error).message };
  }
});

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(`guarded store is open on http://localhost:${port}`);
