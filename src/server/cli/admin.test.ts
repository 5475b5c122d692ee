import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../kernel/db/database';
import { user } from '../kernel/db/schema';
import { uniqueEmail } from '../test/sessions';
import { runAdminCommand } from './admin';

const USAGE = 'Usage: npm run admin -- promote <email>';

let dataDir: string;
let env: NodeJS.ProcessEnv;
const customer = uniqueEmail('cli');

/** Opens the data directory the command uses; the command needs it closed again (one process at a time). */
async function withDatabase<T>(work: (db: Db) => Promise<T>) {
  const database = await openPglite(dataDir);
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const roleOf = (email: string) =>
  withDatabase(
    async (db) => (await db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role,
  );

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'store-admin-cli-'));
  // Only DATA_DIR: no DATABASE_URL, so the command opens the same embedded PGlite directory.
  env = { DATA_DIR: dataDir };
  await withDatabase((db) =>
    db.insert(user).values({ id: randomUUID(), name: 'CLI Customer', email: customer, role: 'user' }),
  );
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin -- promote <email>', () => {
  it('makes an existing account an admin, its owner, then says it already was one', async () => {
    expect(await runAdminCommand(['promote', customer], env)).toEqual({
      code: 0,
      message: `${customer} is now an admin (owner).`,
    });
    expect(await roleOf(customer)).toBe('owner');

    expect(await runAdminCommand(['promote', customer], env)).toEqual({
      code: 0,
      message: `${customer} was already an owner.`,
    });
    expect(await roleOf(customer)).toBe('owner');
  });

  it('finds the account whatever the casing of the email typed', async () => {
    const other = uniqueEmail('cli-case');
    await withDatabase((db) =>
      db.insert(user).values({ id: randomUUID(), name: 'Other', email: other, role: 'user' }),
    );
    const typed = other.toUpperCase();
    expect(await runAdminCommand(['promote', typed], env)).toEqual({
      code: 0,
      message: `${typed} is now an admin (owner).`,
    });
    expect(await roleOf(other)).toBe('owner');
  });

  it('tells the operator to sign up first when no account uses the email', async () => {
    const nobody = uniqueEmail('cli-nobody');
    expect(await runAdminCommand(['promote', nobody], env)).toEqual({
      code: 1,
      message: `No account uses ${nobody}; sign up first.`,
    });
    expect(await roleOf(nobody)).toBeUndefined();
  });

  it.each([
    ['no arguments', []],
    ['promote without an email', ['promote']],
    ['promote with an empty email', ['promote', '']],
    ['an unknown command', ['demote', customer]],
  ])('prints the usage with code 2 for %s', async (_label, argv) => {
    expect(await runAdminCommand(argv, env)).toEqual({ code: 2, message: USAGE });
  });

  it.each([
    ['a promotion', () => customer],
    ['an unknown email', () => uniqueEmail('cli-gone')],
  ])('releases the PGlite lock after %s, so the store can start', async (_label, email) => {
    // The lock is a pid file; within this process a left-over one would go unnoticed, so look for it.
    await runAdminCommand(['promote', email()], env);
    expect(existsSync(path.join(dataDir, 'store.pid'))).toBe(false);
  });
});
