import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { OWNER_ROLE_FIXED } from '../../../contract/customers';
import type { AccountRole, AssignableRole } from '../../../contract/roles';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { columnFromRole, roleFromColumn, user } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';

/**
 * Staff roles (docs/decisions/051). The owner is an account of ADMIN_EMAILS (made owner at sign-up
 * and at every start), or the first admin when the store had no owner (drizzle/0024), or one made
 * with `npm run admin -- promote`. Only the owner gives the other roles, and nobody takes the
 * owner's away here: the configuration does.
 */

/** Writes an account's new role and its audit row, in the caller's transaction. */
export async function setRole(
  tx: Tx,
  account: { id: string; email: string; role: AccountRole },
  role: AccountRole,
): Promise<void> {
  await tx
    .update(user)
    .set({ role: columnFromRole(role) })
    .where(eq(user.id, account.id));
  await recordAudit(tx, {
    action: 'role.changed',
    subjectType: 'account',
    subjectId: account.id,
    before: { email: account.email, role: account.role },
    after: { email: account.email, role },
  });
}

/** PUT /customers/:id/role: the owner makes an account a manager, staff, or a customer again. */
export async function changeRole(
  db: Db,
  accountId: string,
  role: AssignableRole,
): Promise<{ role: AccountRole }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, accountId))
      .for('update');
    if (!row) throw notFound('User');
    const current = roleFromColumn(row.role);
    if (current === 'owner') throw new AppError('CONFLICT', OWNER_ROLE_FIXED);
    if (current !== role) await setRole(tx, { id: row.id, email: row.email, role: current }, role);
    return { role };
  });
}

/**
 * The accounts of ADMIN_EMAILS are owners: those that exist are made so when the store starts (an
 * account made before its address was listed, or listed after the roles arrived). Every instance
 * may run it at once: the update is the same, and only rows not yet owners are written.
 */
export async function ensureConfiguredOwners(db: Db, adminEmails: readonly string[]): Promise<number> {
  if (adminEmails.length === 0) return 0;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(user)
      .set({ role: 'owner' })
      .where(
        and(inArray(user.email, [...adminEmails]), or(sql`${user.role} is null`, ne(user.role, 'owner'))),
      )
      .returning({ id: user.id, email: user.email });
    for (const account of changed)
      await recordAudit(tx, {
        action: 'role.changed',
        subjectType: 'account',
        subjectId: account.id,
        before: { email: account.email },
        after: { email: account.email, role: 'owner', by: 'ADMIN_EMAILS' },
        actor: null,
        ip: null,
      });
    return changed.length;
  });
}

/** `npm run admin -- promote <email>`: makes an account an owner; 0 when it already was one. */
export async function makeOwner(db: Db, email: string): Promise<{ modifiedCount: number }> {
  const target = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(user.email, target))
      .for('update');
    if (!row) throw notFound('User');
    const current = roleFromColumn(row.role);
    if (current === 'owner') return { modifiedCount: 0 };
    await tx.update(user).set({ role: 'owner' }).where(eq(user.id, row.id));
    await recordAudit(tx, {
      action: 'role.changed',
      subjectType: 'account',
      subjectId: row.id,
      before: { email: target, role: current },
      after: { email: target, role: 'owner', by: 'command line' },
      actor: null,
      ip: null,
    });
    return { modifiedCount: 1 };
  });
}
