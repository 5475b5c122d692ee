import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated, empty PGlite data directory; each test file starts from a copy. */
    pgliteDumpFile: string;
  }
}

/**
 * Creating and migrating a PGlite takes seconds; loading a dump of one takes under one. So the
 * schema is built once per run and every test file gets its own fresh copy.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-test-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openPglite();
  await database.migrate();
  const dump = await database.dumpDataDir();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDumpFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
