import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it.
 * A pid file next to the data makes the second process fail at once with a message that says
 * what to do, and a lock left by a killed process is taken over because its pid is gone.
 * (docs/decisions/002-pglite-single-process-lock.md)
 */
export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is already in use by another running store (process ${pid}). ` +
        'PGlite can be opened by one process only: stop the other one, point DATA_DIR elsewhere, ' +
        'or set DATABASE_URL to share a PostgreSQL server between instances.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dir` for this process; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'store.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(dir, holder);
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
