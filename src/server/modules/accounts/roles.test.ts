import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleFromColumn } from '../../kernel/db/account-roles';
import { auditLog, user } from '../../kernel/db/schema';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';
import { ensureConfiguredOwners } from './roles.service';

/** Roles change only by the owner's hand; every staff role is an admin to the spec's calls. */

let t: TestApp;
let owner: TestSession;

beforeAll(async () => {
  ({ t, admin: owner } = await createAdminApp());
});
afterAll(() => t?.close());

const row = async (email: string) => {
  const [found] = await t.app.db.select().from(user).where(eq(user.email, email));
  if (!found) throw new Error(`no account ${email}`);
  return found;
};
const setRole = (who: TestSession, id: string, role: string) =>
  t.app.inject({ method: 'PUT', url: `/api/customers/${id}/role`, headers: as(who), payload: { role } });
const adminAnswer = async (s: TestSession) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/${s.email}`, headers: as(s) })).json();
const auditRowsOf = async (id: string) => t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, id));

describe('the owner', () => {
  it('makes an account staff, then manager, then a customer again, each at once in its session', async () => {
    const person = await signUp(t.app);
    const { id } = await row(person.email);
    for (const role of ['staff', 'manager', 'customer'] as const) {
      const res = await setRole(owner, id, role);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ role });
      expect(await adminAnswer(person)).toEqual({ admin: role !== 'customer', role });
    }
    expect((await row(person.email)).role).toBe('user');
  });

  it("cannot change an owner's role here: the configuration sets it", async () => {
    const { id } = await row(owner.email);
    const res = await setRole(owner, id, 'staff');
    expect(res.statusCode).toBe(409);
    expect((await row(owner.email)).role).toBe('owner');
  });

  it('is refused an unknown role and an unknown account', async () => {
    const person = await signUp(t.app);
    const { id } = await row(person.email);
    expect((await setRole(owner, id, 'owner')).statusCode).toBe(400);
    expect((await setRole(owner, id, 'admin')).statusCode).toBe(400);
    expect((await setRole(owner, 'no-such-account', 'staff')).statusCode).toBe(404);
  });
});

describe('nobody else changes a role', () => {
  it('managers, staff and customers are refused both calls, and nothing changes or is audited', async () => {
    const manager = await signUp(t.app);
    const staff = await signUp(t.app);
    const customer = await signUp(t.app);
    const target = await signUp(t.app);
    expect((await setRole(owner, (await row(manager.email)).id, 'manager')).statusCode).toBe(200);
    expect((await setRole(owner, (await row(staff.email)).id, 'staff')).statusCode).toBe(200);
    const targetId = (await row(target.email)).id;
    for (const who of [manager, staff, customer]) {
      const changed = await setRole(who, targetId, 'manager');
      expect(changed.statusCode).toBe(403);
      const promoted = await t.app.inject({
        method: 'PUT',
        url: `/api/user/admin/${target.email}`,
        headers: as(who),
      });
      expect(promoted.statusCode).toBe(403);
      // A manager who tries to make themselves the owner is refused like anyone.
      const own = await setRole(who, (await row(who.email)).id, 'manager');
      expect(own.statusCode).toBe(403);
    }
    expect((await row(target.email)).role).toBe('user');
    expect(await auditRowsOf(targetId)).toEqual([]);
  });
});

describe('where owners come from', () => {
  it('an account listed in ADMIN_EMAILS after it was made becomes an owner when the store starts', async () => {
    const later = await signUp(t.app);
    expect(await ensureConfiguredOwners(t.app.db, [later.email])).toBe(1);
    expect((await row(later.email)).role).toBe('owner');
    // Every instance runs it at start: again, nothing changes.
    expect(await ensureConfiguredOwners(t.app.db, [later.email])).toBe(0);
    const [audited] = await auditRowsOf((await row(later.email)).id);
    expect(audited).toMatchObject({ action: 'role.changed', actorId: null, after: { role: 'owner' } });
  });

  it('a role written before the store had roles reads as a manager, never an owner', () => {
    expect(roleFromColumn('admin')).toBe('manager');
    expect(roleFromColumn('user')).toBe('customer');
    expect(roleFromColumn(null)).toBe('customer');
    expect(roleFromColumn('owner')).toBe('owner');
  });
});
