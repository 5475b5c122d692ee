import type { AccountRole, StaffRole } from '../../../contract/roles';

/**
 * The `user.role` column as the store reads and writes it. better-auth's admin plugin gives every
 * new account 'user' (a customer); staff accounts hold their role's name. 'admin' is how every
 * staff account was written before roles existed: drizzle/0024 rewrote those rows, and one that
 * slipped in later (an old CLI, a hand-written row) is read as a manager, never as the owner.
 */
export function roleFromColumn(value: string | null | undefined): AccountRole {
  if (value === 'owner' || value === 'manager' || value === 'staff') return value;
  if (value === 'admin') return 'manager';
  return 'customer';
}

export function columnFromRole(role: AccountRole): string {
  return role === 'customer' ? 'user' : role;
}

/** The column values of every staff account (the old 'admin' included), for queries. */
export const STAFF_COLUMN_VALUES: readonly (StaffRole | 'admin')[] = ['owner', 'manager', 'staff', 'admin'];
