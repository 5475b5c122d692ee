import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface StoreProcess {
  url: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, then resolves with the exit code once the process has stopped. */
  stop(): Promise<number | null>;
  /** Removes the data directory (after stop). */
  cleanUp(): void;
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The limits of every journey's store, set here and nowhere else: a journey's own clicks and API
 * calls from 127.0.0.1 must never reach them, or a slow run fails where a quick one passed with a
 * 429 Too Many Requests. The limits themselves are tested by the server's own tests
 * (src/server/limits, the rate-limit and auth-limit route tests), not by journeys.
 */
export const JOURNEY_LIMITS: Record<string, string> = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
  RATE_LIMIT_CART_WRITES_PER_MINUTE: '100000',
  RATE_LIMIT_REVIEWS_PER_MINUTE: '100000',
  RATE_LIMIT_CONTACT_PER_MINUTE: '100000',
  RATE_LIMIT_NOT_FOUND_PER_MINUTE: '100000',
  RATE_LIMIT_CATALOG_SEARCH_PER_MINUTE: '100000',
};

/**
 * A journey signs up and in dozens of times; at the standard password hash that was a quarter of a
 * CPU-second each, taken from the browser beside it. The same scrypt at a test work factor
 * (src/server/kernel/identity/password-hash.ts); the server suite's process tests keep the standard cost.
 */
export const JOURNEY_PASSWORD_HASH = { PASSWORD_HASH_COST: 'low' };

/**
 * Starts the store exactly as `npm start` does (scripts/start.mjs), on a free port and a PGlite
 * directory of its own, and resolves once it says it is open. The directory is fresh, or a copy
 * of `snapshot`: the data directory of a store that was started once and stopped (migrated and
 * seeded), which opens in a third of the time a fresh one takes.
 */
export async function startStore(
  env: Record<string, string> = {},
  { snapshot }: { snapshot?: string } = {},
): Promise<StoreProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  if (snapshot) cpSync(snapshot, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...JOURNEY_LIMITS,
      ...JOURNEY_PASSWORD_HASH,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is open on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`The store exited with ${code} before opening:\n${output}`)));
  });
  // A store that dies while journeys use it fails them with "connection refused": say why, with
  // what it printed last, instead of leaving only the symptom.
  let stopping = false;
  void exited.then((code) => {
    if (!stopping)
      console.error(
        `The journey store on ${url} exited with ${code} while in use. Its last output:\n${output.slice(-4000)}`,
      );
  });
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      stopping = true;
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
