import { asc, eq, sql } from 'drizzle-orm';
import type { Profile, ProfileInput, UserListEntry, UserRecordInput } from '../../../contract/accounts';
import { isStaffRole } from '../../../contract/roles';
import type { Db } from '../../kernel/db';
import { profiles, roleFromColumn, user } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import type { SessionUser } from '../../kernel/identity';
import { setRole } from './roles.service';

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
    // The spec's list knows one badge: every staff role is an admin there.
    ...(isStaffRole(roleFromColumn(r.role)) ? { role: 'admin' as const } : {}),
  }));
}

/**
 * The spec's "Make admin" (PUT /user/admin/:email, the owner only): the account becomes a
 * manager; 0 when it already was one of the staff, whose role only the role controls change.
 */
export async function promoteToAdmin(db: Db, email: string): Promise<{ modifiedCount: number }> {
  const target = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(user.email, target))
      .for('update');
    if (!row) throw notFound('User');
    if (isStaffRole(roleFromColumn(row.role))) return { modifiedCount: 0 };
    await setRole(tx, { id: row.id, email: target, role: roleFromColumn(row.role) }, 'manager');
    return { modifiedCount: 1 };
  });
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
