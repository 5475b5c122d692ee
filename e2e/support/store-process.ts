import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
 * Starts the store exactly as `npm start` does (scripts/start.mjs), on a free port and a fresh
 * PGlite directory, and resolves once it says it is open.
 */
export async function startStore(env: Record<string, string> = {}): Promise<StoreProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
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
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
