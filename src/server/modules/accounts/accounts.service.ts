import { asc, eq, sql } from 'drizzle-orm';
import type { Profile, ProfileInput, UserListEntry, UserRecordInput } from '../../../contract/accounts';
import type { Db } from '../../db/database';
import { profiles, user } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/auth';

/** The spec's calls name the account by email in the path; only the account's owner may use them. */
export function assertSelf(me: SessionUser | null, email: string): SessionUser {
  if (!me) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  if (me.email !== email.trim().toLowerCase())
    throw new AppError('FORBIDDEN', 'You may only use your own account');
  return me;
}

/** PUT /user/:email: keeps the display name and photo the client reports for its own account. */
export async function recordUser(db: Db, me: SessionUser, input: UserRecordInput): Promise<void> {
  const changes: Partial<typeof user.$inferInsert> = {};
  if (input.displayName && input.displayName !== me.name) changes.name = input.displayName;
  if (input.photoURL !== undefined && input.photoURL !== (me.image ?? ''))
    changes.image = input.photoURL || null;
  if (Object.keys(changes).length > 0) await db.update(user).set(changes).where(eq(user.id, me.id));
}

export async function listUsers(db: Db): Promise<UserListEntry[]> {
  const rows = await db
    .select({ image: user.image, name: user.name, email: user.email, role: user.role })
    .from(user)
    .orderBy(asc(user.createdAt), asc(user.email));
  return rows.map((r) => ({
    photoURL: r.image,
    displayName: r.name,
    email: r.email,
    ...(r.role === 'admin' ? { role: 'admin' as const } : {}),
  }));
}

/** Makes the account with this email an admin; 0 when it already was one. */
export async function promoteToAdmin(db: Db, email: string): Promise<{ modifiedCount: number }> {
  const target = email.trim().toLowerCase();
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, target));
  if (!row) throw notFound('User');
  if (row.role === 'admin') return { modifiedCount: 0 };
  await db.update(user).set({ role: 'admin' }).where(eq(user.id, row.id));
  return { modifiedCount: 1 };
}

export async function getProfile(db: Db, me: SessionUser): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, me.id));
  return {
    email: me.email,
    education: row?.education ?? '',
    address: row?.address ?? '',
    linkedin: row?.linkedin ?? '',
    phone: row?.phone ?? '',
  };
}

export async function saveProfile(
  db: Db,
  me: SessionUser,
  input: ProfileInput,
): Promise<{ modifiedCount: number }> {
  await db
    .insert(profiles)
    .values({ userId: me.id, ...input })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...input, updatedAt: sql`now()` } });
  return { modifiedCount: 1 };
}
