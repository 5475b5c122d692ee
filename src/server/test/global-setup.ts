import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../kernel/db/database';
import { loadVehicleData } from '../modules/vehicles';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated, empty PGlite data directory; each test file starts from a copy. */
    pgliteDumpFile: string;
  }
}

const serverDir = path.resolve(import.meta.dirname, '..');

/** Every postgresOnly block under src/server, as "file: name". */
function postgresOnlyBlocks(): string[] {
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.test.ts'),
  );
  return files.sort().flatMap((file) => {
    const text = readFileSync(path.join(serverDir, file), 'utf8');
    return [...text.matchAll(/postgresOnly\(\s*['"]([^'"]+)['"]/g)].map((m) => `src/server/${file}: ${m[1]}`);
  });
}

/**
 * Creating and migrating a PGlite takes seconds; loading a dump of one takes under one. So the
 * schema is built once per run and every test file gets its own fresh copy.
 */
export default async function setup(project: TestProject) {
  if (!process.env.TEST_DATABASE_URL) {
    const blocks = postgresOnlyBlocks();
    console.warn(
      `\n⚠ ${blocks.length} PostgreSQL-only blocks skipped (set TEST_DATABASE_URL; CI's second pass runs them):\n${blocks.map((b) => `  - ${b}`).join('\n')}\n`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'store-test-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openPglite();
  await database.migrate();
  await loadVehicleData(database.db);
  const dump = await database.dumpDataDir();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDumpFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
