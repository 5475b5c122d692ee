import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite } from './database';
import { rowsOf } from './rows';

/**
 * The store's PGlite runs with the memory settings it asks for, not PostgreSQL's defaults: the
 * 128 MB of default shared buffers alone were about half the idle store's resident memory
 * (decision 069). One PGlite in memory from the suite's migrated dump, opened as the store opens
 * its own.
 */
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

describe('openPglite', () => {
  it('starts PostgreSQL with the shared buffers given and the small per-connection sizes', async () => {
    const database = await openPglite(undefined, new Blob([readFileSync(inject('pgliteDumpFile'))]), '24MB');
    opened.push(database);
    const setting = async (name: string) =>
      rowsOf<{ value: string }>(await database.db.execute(sql`select current_setting(${name}) as value`))[0]
        ?.value;
    expect(await setting('shared_buffers')).toBe('24MB');
    expect(await setting('wal_buffers')).toBe('1MB');
    expect(await setting('max_connections')).toBe('8');
  });
});
