import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';
import { databaseLimiter } from './database-limiter';

// The counters every instance shares, against the real database, without HTTP.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rowOf = async (key: string) =>
  (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];

describe('a limit kept in the database', () => {
  it('counts a window up to its points, refuses the next, and counts afresh once the window ended', async () => {
    const limiter = databaseLimiter(database.db, { name: 'test-window', points: 3, windowSeconds: 60 });
    for (const used of [1, 2, 3]) expect((await limiter.consume('ada')).consumedPoints).toBe(used);
    await expect(limiter.consume('ada')).rejects.toMatchObject({ consumedPoints: 4, remainingPoints: 0 });
    // Another subject has its own window.
    expect((await limiter.consume('bob')).consumedPoints).toBe(1);
    const counted = await rowOf('test-window:ada');
    expect(counted?.points).toBe(4);
    const ends = counted?.expire?.getTime() ?? 0;
    expect(ends - Date.now()).toBeGreaterThan(55_000);
    expect(ends - Date.now()).toBeLessThanOrEqual(60_000);

    // The window over: the next request starts a new one, from one, with a new end.
    await database.db
      .update(rateLimits)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, 'test-window:ada'));
    expect((await limiter.consume('ada')).consumedPoints).toBe(1);
    expect((await rowOf('test-window:ada'))?.expire?.getTime()).toBeGreaterThan(Date.now() + 55_000);
  });

  it('sets a counter outright where the library asks it to (a block), then counts on from there', async () => {
    const limiter = databaseLimiter(database.db, { name: 'test-block', points: 5, windowSeconds: 60 });
    await limiter.consume('eve');
    await limiter.block('eve', 120);
    const blocked = await rowOf('test-block:eve');
    expect(blocked?.points).toBe(6);
    expect((blocked?.expire?.getTime() ?? 0) - Date.now()).toBeGreaterThan(115_000);
    await expect(limiter.consume('eve')).rejects.toMatchObject({ consumedPoints: 7 });
  });
});
