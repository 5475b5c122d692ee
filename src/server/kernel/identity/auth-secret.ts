import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { storeSettings } from '../db';

const KEY = 'auth_secret';

/**
 * The secret that signs session cookies. AUTH_SECRET wins; otherwise one is generated on first
 * start and kept in the database, so `npm start` needs no setup, restarts keep customers signed in,
 * and every instance sharing a PostgreSQL database uses the same one.
 * (docs/decisions/004-accounts-with-better-auth.md)
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(storeSettings).values({ key: KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.key, KEY));
  if (typeof row?.value !== 'string') throw new Error('Could not read the stored auth secret');
  return row.value;
}
