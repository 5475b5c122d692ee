import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './pglite-lock';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const tempDirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-lock-test-'));
  tempDirs.push(dir);
  return dir;
}

function track(child: ChildProcess) {
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const pidFile = (dir: string) => path.join(dir, 'store.pid');

describe('lockDataDir', () => {
  /** A real process that stays alive: the "other store" holding the lock. */
  let otherStore: ChildProcess;
  beforeAll(async () => {
    otherStore = track(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
    await new Promise<void>((resolve, reject) => {
      otherStore.once('spawn', resolve);
      otherStore.once('error', reject);
    });
  });

  it('writes this process id into store.pid and removes it on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(readFileSync(pidFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(pidFile(dir))).toBe(false);
  });

  it('creates a data directory that does not exist yet', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(readFileSync(pidFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('refuses a directory held by another live process, naming the directory', () => {
    const dir = tempDir();
    const pid = otherStore.pid as number;
    writeFileSync(pidFile(dir), String(pid));

    let thrown: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirInUseError);
    const message = (thrown as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain('already in use');
    expect(message).toContain(String(pid));
    // The other process keeps its lock.
    expect(readFileSync(pidFile(dir), 'utf8')).toBe(String(pid));
  });

  it('takes over a lock left by a process that has exited', async () => {
    const dir = tempDir();
    const gone = track(spawn(process.execPath, ['-e', ''], { stdio: 'ignore' }));
    expect(await exited(gone)).toBe(0);
    writeFileSync(pidFile(dir), String(gone.pid));

    const release = lockDataDir(dir);
    expect(readFileSync(pidFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(pidFile(dir))).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['garbage', 'not a pid'],
  ])('takes over an %s pid file', (_label, contents) => {
    const dir = tempDir();
    writeFileSync(pidFile(dir), contents);
    const release = lockDataDir(dir);
    expect(readFileSync(pidFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('two real store processes on one DATA_DIR', () => {
  /**
   * An explicit environment: the store must use PGlite in DATA_DIR whatever the test run has set
   * (DATABASE_URL, TEST_DATABASE_URL, NODE_OPTIONS). LOG_LEVEL is info because the "is open on"
   * line is logged at info.
   */
  const storeEnv = (dataDir: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
    SEED_DEMO_DATA: 'false',
  });

  function startStore(dataDir: string) {
    const child = track(
      spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: projectRoot,
        env: storeEnv(dataDir),
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const output = { stdout: '', stderr: '' };
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output.stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output.stderr += chunk;
    });
    return { child, output };
  }

  /** Resolves with the port once the store logs that it is open; a generous bound, not a timing check. */
  function waitUntilOpen(store: ReturnType<typeof startStore>, boundMs = 90_000) {
    return new Promise<number>((resolve, reject) => {
      const check = () => {
        const match = store.output.stdout.match(/is open on http:\/\/localhost:(\d+)/);
        if (!match) return;
        cleanup();
        resolve(Number(match[1]));
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(
          new Error(`store exited (${code}) before opening:\n${store.output.stdout}\n${store.output.stderr}`),
        );
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `store did not open within ${boundMs} ms:\n${store.output.stdout}\n${store.output.stderr}`,
          ),
        );
      }, boundMs);
      const cleanup = () => {
        clearTimeout(timer);
        store.child.stdout?.off('data', check);
        store.child.off('exit', onExit);
      };
      store.child.stdout?.on('data', check);
      store.child.once('exit', onExit);
      check();
    });
  }

  it('lets the second fail with "already in use" while the first keeps serving and stops cleanly', async () => {
    const dataDir = tempDir();
    const first = startStore(dataDir);
    const port = await waitUntilOpen(first);
    expect(port).toBeGreaterThan(0);
    expect(first.output.stdout).toContain(`PGlite in ${dataDir}`);
    expect(readFileSync(pidFile(dataDir), 'utf8')).toBe(String(first.child.pid));

    const second = startStore(dataDir);
    const secondCode = await exited(second.child);
    expect(secondCode).not.toBe(0);
    expect(secondCode).not.toBeNull();
    expect(second.output.stderr).toContain('already in use');
    expect(second.output.stderr).toContain(dataDir);
    expect(readFileSync(pidFile(dataDir), 'utf8')).toBe(String(first.child.pid));

    // The first store was not disturbed: it still answers and still reaches its database.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(existsSync(pidFile(dataDir))).toBe(false);
  }, 180_000);
});
