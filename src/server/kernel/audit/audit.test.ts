import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../../contract/audit';
import { runImports } from '../../modules/catalog/import-job';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, newCustomer } from '../../test/kit';
import type { TestSession } from '../../test/sessions';
import { as, payOrder, placeOrder } from '../../test/store-flow';
import { auditLog, outboxMessages, user } from '../db/schema';
import { recordAudit, removeExpiredAudit } from './audit.service';

/**
 * The audit log: each kind of change staff make writes one row with who (id, e-mail, role), what
 * (action, thing), before, after and the client's address, in the change's own transaction.
 */

let t: TestApp;
let owner: TestSession;
let staff: TestSession;
let staffId: string;
let customer: TestSession;
const FROM = '203.0.113.7';

beforeAll(async () => {
  ({ t, admin: owner } = await createOwnerApp());
  customer = await newCustomer(t.app, { name: 'Audit Customer' });
  staff = await newCustomer(t.app, { name: 'Audit Staff' });
  staffId = await idOf(staff.email);
  const made = await call(owner, 'PUT', `/api/customers/${staffId}/role`, { role: 'staff' });
  expect(made.statusCode, made.body).toBe(200);
});
afterAll(() => t?.close());

async function idOf(email: string): Promise<string> {
  const [row] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

/** A staff call from a known address, as a browser sends it. */
function call(
  who: TestSession,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: FROM,
    headers: { ...as(who), ...(payload ? {} : {}), 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
}

/** Every audit row about one thing, oldest first. */
async function rowsAbout(subjectId: string) {
  return t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId)).orderBy(auditLog.id);
}

async function onlyRow(subjectId: string, action: string) {
  const rows = (await rowsAbout(subjectId)).filter((r) => r.action === action);
  expect(rows, `${action} on ${subjectId}`).toHaveLength(1);
  return rows[0] as (typeof rows)[number];
}

const byOwner = () => ({ actorEmail: owner.email, actorRole: 'owner', ip: FROM });

async function paidOrder(): Promise<string> {
  const product = await insertProduct(t.app.db, {
    availableQuantity: 50,
    onHandQuantity: 50,
    minimumOrderQuantity: 1,
  });
  const placed = await placeOrder(t.app, customer, product.id, 2);
  return (await payOrder(t.app, customer, placed._id))._id;
}

describe('a row for each kind of change, with who, before, after and from where', () => {
  it('products: added, edited (a new price), archived or deleted', async () => {
    const added = await call(owner, 'POST', '/api/tool', {
      name: 'Audit caliper',
      price: 40,
      description: ['Cast iron.'],
      available_quantity: 30,
      minimum_order_quantity: 1,
      image: '/images/tools/torque-wrench.svg',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().insertedId as string;
    expect(await onlyRow(id, 'product.created')).toMatchObject({
      ...byOwner(),
      subjectType: 'product',
      before: {},
      after: expect.objectContaining({ name: 'Audit caliper', price: 40 }),
    });

    const edited = await call(owner, 'PATCH', `/api/tool/${id}`, { price: 45.5 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await onlyRow(id, 'product.updated')).toMatchObject({
      ...byOwner(),
      before: { price: 40 },
      after: { price: 45.5 },
    });

    const deleted = await call(owner, 'DELETE', `/api/tool/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await onlyRow(id, 'product.deleted')).toMatchObject({
      ...byOwner(),
      before: expect.objectContaining({ name: 'Audit caliper', price: 45.5 }),
      after: null,
    });
  });

  it('a bulk change of prices, and its undo', async () => {
    const product = await insertProduct(t.app.db, { priceCents: 1000 });
    const applied = await call(owner, 'POST', '/api/catalog/bulk', {
      selection: { ids: [product.id] },
      change: { kind: 'price', mode: 'amount', value: 2 },
      expectedCount: 1,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const bulkId = applied.json().id as string;
    expect(await onlyRow(bulkId, 'product.bulk_changed')).toMatchObject({
      ...byOwner(),
      after: expect.objectContaining({
        count: 1,
        changed: 1,
        change: { kind: 'price', mode: 'amount', value: 2 },
      }),
    });
    const undone = await call(owner, 'POST', `/api/catalog/bulk/${bulkId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await onlyRow(bulkId, 'product.bulk_undone')).toMatchObject({
      ...byOwner(),
      after: { restored: 1, kept: 0 },
    });
  });

  it('an import started by the owner, and applied by the job on their behalf', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/imports?kind=fitment&name=audit.csv',
      remoteAddress: FROM,
      headers: { ...as(owner), 'content-type': 'text/csv' },
      payload: 'part_number,year_from,year_to,make,model\nNO-SUCH-PART,2015,2018,Honda,Civic\n',
    });
    expect(res.statusCode, res.body).toBe(201);
    const importId = res.json().id as string;
    expect((await call(owner, 'POST', `/api/catalog/imports/${importId}/start`)).statusCode).toBe(200);
    expect(await onlyRow(importId, 'import.started')).toMatchObject({
      ...byOwner(),
      before: { status: 'checked' },
      after: { status: 'queued', kind: 'fitment', fileName: 'audit.csv' },
    });
    await runImports(t.app.db, { budgetMs: 60_000 });
    // The job has no request: the row names the owner who started it and no address.
    expect(await onlyRow(importId, 'import.applied')).toMatchObject({
      actorEmail: owner.email,
      actorRole: 'owner',
      ip: null,
      after: expect.objectContaining({ refused: 1, created: 0 }),
    });
  });

  it('a stock count', async () => {
    const product = await insertProduct(t.app.db, { availableQuantity: 12, onHandQuantity: 12 });
    const res = await call(owner, 'POST', `/api/tool/${product.id}/stock`, {
      set: 20,
      note: 'Shelf counted',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onlyRow(product.id, 'stock.counted')).toMatchObject({
      ...byOwner(),
      subjectType: 'stock',
      before: { onHand: 12, available: 12 },
      after: { onHand: 20, available: 20, note: 'Shelf counted' },
    });
  });

  it('orders: shipped by staff, cancelled and refunded by the owner', async () => {
    const shipped = await paidOrder();
    expect((await call(staff, 'PUT', `/api/manage/${shipped}`)).statusCode).toBe(200);
    expect(await onlyRow(shipped, 'order.shipped')).toMatchObject({
      actorId: staffId,
      actorEmail: staff.email,
      actorRole: 'staff',
      ip: FROM,
      subjectType: 'order',
      before: { status: 'pending' },
      after: expect.objectContaining({ status: 'shipped' }),
    });

    const refunded = await paidOrder();
    const refund = await call(owner, 'POST', `/api/manage/${refunded}/refunds`, {
      amountCents: 150,
      restock: false,
      reason: 'Scratched box',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refundId = refund.json().refunds[0].id as string;
    expect(await onlyRow(refundId, 'refund.created')).toMatchObject({
      ...byOwner(),
      subjectType: 'refund',
      before: expect.objectContaining({ orderId: refunded, refundedCents: 0 }),
      after: expect.objectContaining({ orderId: refunded, amountCents: 150, reason: 'Scratched box' }),
    });

    const cancelled = await paidOrder();
    const cancel = await call(owner, 'POST', `/api/manage/${cancelled}/cancel`, {
      reason: 'Out of this part',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await onlyRow(cancelled, 'order.cancelled')).toMatchObject({
      ...byOwner(),
      before: { status: 'pending' },
      after: expect.objectContaining({ status: 'cancelled' }),
    });
  });

  it('a return approved by the owner and received by staff', async () => {
    const orderId = await paidOrder();
    expect((await call(owner, 'PUT', `/api/manage/${orderId}`)).statusCode).toBe(200);
    const [line] = (await call(owner, 'GET', `/api/manage/${orderId}`)).json().lines as {
      productId: string;
    }[];
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/returns`,
      headers: as(customer),
      payload: { lines: [{ productId: line?.productId, quantity: 1, reason: 'no_longer_needed' }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().id as string;
    expect(
      (await call(owner, 'POST', `/api/manage/returns/${returnId}/decision`, { approve: true })).statusCode,
    ).toBe(200);
    const received = await call(staff, 'POST', `/api/manage/returns/${returnId}/received`, {
      lines: [{ productId: line?.productId, outcome: 'restock' }],
    });
    expect(received.statusCode, received.body).toBe(200);
    // The customer's request is theirs, not a change made by staff.
    expect((await rowsAbout(returnId)).map((r) => [r.action, r.actorRole, r.ip])).toEqual([
      ['return.approved', 'owner', FROM],
      ['return.received', 'staff', FROM],
    ]);
  });

  it("roles: the spec's Make admin and the owner's role control", async () => {
    const someone = await newCustomer(t.app, { name: 'Promoted' });
    const id = await idOf(someone.email);
    expect((await call(owner, 'PUT', `/api/user/admin/${someone.email}`)).statusCode).toBe(200);
    expect((await call(owner, 'PUT', `/api/customers/${id}/role`, { role: 'staff' })).statusCode).toBe(200);
    expect(
      (await rowsAbout(id)).map((r) => ({ action: r.action, before: r.before, after: r.after, ip: r.ip })),
    ).toEqual([
      {
        action: 'role.changed',
        before: { email: someone.email, role: 'customer' },
        after: { email: someone.email, role: 'manager' },
        ip: FROM,
      },
      {
        action: 'role.changed',
        before: { email: someone.email, role: 'manager' },
        after: { email: someone.email, role: 'staff' },
        ip: FROM,
      },
    ]);
  });

  it('an outbox message sent again', async () => {
    const [dead] = await t.app.db
      .insert(outboxMessages)
      .values({
        subscriber: 'order-webhook',
        topic: 'order.status_changed',
        key: `audit-dead-${randomUUID()}`,
        payload: {},
        status: 'dead',
        attempts: 8,
        lastError: 'connection refused',
      })
      .returning({ id: outboxMessages.id });
    const res = await call(owner, 'POST', `/api/manage/outbox/${dead?.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await onlyRow(String(dead?.id), 'outbox.retried')).toMatchObject({
      ...byOwner(),
      before: { status: 'dead', attempts: 8, lastError: 'connection refused' },
      after: { status: 'pending', subscriber: 'order-webhook' },
    });
  });

  it('a setting changed by the owner', async () => {
    const now = (await call(owner, 'GET', '/api/settings')).json();
    const returns = now.settings.returns;
    const res = await call(owner, 'PUT', '/api/settings/returns', {
      value: { ...returns, windowDays: returns.windowDays + 7 },
      revision: now.sections.returns.revision,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onlyRow('returns', 'setting.updated')).toMatchObject({
      ...byOwner(),
      subjectType: 'setting',
      before: { windowDays: returns.windowDays },
      after: { windowDays: returns.windowDays + 7 },
    });
  });

  it('a discount created, changed and ended', async () => {
    const code = `AUDIT${Date.now() % 100_000}`;
    const input = { code, name: 'Audit sale', kind: 'percent', value: 500 };
    const created = await call(owner, 'POST', '/api/discounts', input);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(await onlyRow(id, 'discount.created')).toMatchObject({
      ...byOwner(),
      before: null,
      after: { code },
    });
    const changed = await call(owner, 'PUT', `/api/discounts/${id}`, { ...input, value: 1000 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await onlyRow(id, 'discount.updated')).toMatchObject({
      before: { value: 500 },
      after: { value: 1000 },
    });
    const ended = await call(owner, 'POST', `/api/discounts/${id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await onlyRow(id, 'discount.ended')).toMatchObject({ before: { endsAt: null } });
  });
});

describe('search words, fitment ranges, Inbox replies and marks', () => {
  it('a search word added, changed and removed by the owner', async () => {
    const term = `zorb${Date.now() % 100_000}`;
    const added = await call(owner, 'POST', '/api/catalog/synonyms', { term, replacement: 'brake pad' });
    expect(added.statusCode, added.body).toBe(201);
    const id = String(added.json().id);
    expect(await onlyRow(id, 'search_word.created')).toMatchObject({
      ...byOwner(),
      subjectType: 'search',
      before: null,
      after: { term, replacement: 'brake pad' },
    });
    const changed = await call(owner, 'PUT', `/api/catalog/synonyms/${id}`, { term, replacement: 'rotor' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await onlyRow(id, 'search_word.updated')).toMatchObject({
      ...byOwner(),
      before: { term, replacement: 'brake pad' },
      after: { term, replacement: 'rotor' },
    });
    const removed = await call(owner, 'DELETE', `/api/catalog/synonyms/${id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await onlyRow(id, 'search_word.deleted')).toMatchObject({
      ...byOwner(),
      before: { term, replacement: 'rotor' },
      after: null,
    });
    // A word that is taken changes nothing and writes no row.
    const first = await call(owner, 'POST', '/api/catalog/synonyms', {
      term: `${term}x`,
      replacement: 'pad',
    });
    const again = await call(owner, 'POST', '/api/catalog/synonyms', {
      term: `${term}x`,
      replacement: 'nut',
    });
    expect(again.statusCode).toBe(409);
    expect((await rowsAbout(String(first.json().id))).map((r) => r.action)).toEqual(['search_word.created']);
  });

  it('a fitment range added to a product; one that adds nothing writes no row', async () => {
    const product = await insertProduct(t.app.db, {});
    const range = {
      year_from: 2015,
      year_to: 2018,
      vehicles: [
        { make: 'Honda', model: 'Civic' },
        { make: 'Honda', model: 'Accord' },
      ],
    };
    const res = await call(owner, 'POST', `/api/tool/${product.id}/fitment`, range);
    expect(res.statusCode, res.body).toBe(200);
    expect(await onlyRow(product.id, 'product.fitment_added')).toMatchObject({
      ...byOwner(),
      subjectType: 'product',
      before: { fitmentRows: 0 },
      after: {
        fitmentRows: 2,
        added: 2,
        yearFrom: 2015,
        yearTo: 2018,
        vehicles: ['Honda Civic', 'Honda Accord'],
      },
    });
    const same = await call(owner, 'POST', `/api/tool/${product.id}/fitment`, range);
    expect(same.json()).toMatchObject({ added: 0, skipped: 2 });
    expect((await rowsAbout(product.id)).map((r) => r.action)).toEqual(['product.fitment_added']);
  });

  it('an Inbox reply and the marks staff set; a mark that changes nothing writes no row', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'asker@example.com', name: 'Asker', message: 'Do you ship to Alaska?' },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const list = (await call(staff, 'GET', '/api/manage/inbox')).json() as {
      messages: Array<{ id: string; email: string }>;
    };
    const id = list.messages.find((m) => m.email === 'asker@example.com')?.id as string;
    const staffRow = { actorId: staffId, actorEmail: staff.email, actorRole: 'staff', ip: FROM };

    const replied = await call(staff, 'POST', `/api/manage/inbox/${id}/replies`, { body: 'Yes, we do.' });
    expect(replied.statusCode, replied.body).toBe(201);
    const replyId = replied.json().replies[0].id as string;
    expect(await onlyRow(id, 'message.replied')).toMatchObject({
      ...staffRow,
      subjectType: 'message',
      before: null,
      after: { replyId, body: 'Yes, we do.' },
    });

    // Replying marked it read; marking it read again changes nothing.
    expect((await call(staff, 'PATCH', `/api/manage/inbox/${id}`, { read: true })).statusCode).toBe(200);
    const handled = await call(staff, 'PATCH', `/api/manage/inbox/${id}`, { handled: true });
    expect(handled.statusCode, handled.body).toBe(200);
    expect((await rowsAbout(id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['message.replied', null, { replyId, body: 'Yes, we do.' }],
      ['message.marked', { read: true, handled: false }, { read: true, handled: true }],
    ]);
  });
});

describe('in the same transaction as the change', () => {
  it('a change that fails when it commits leaves no audit row', async () => {
    const orderId = await paidOrder();
    // A check that only fails at COMMIT, after the shipment and its audit row were written.
    await t.app.db.execute(
      sql.raw(`create or replace function audit_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused at commit'; end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create constraint trigger audit_test_refuse_shipment after insert on shipments
        deferrable initially deferred for each row execute function audit_test_refuse()`),
    );
    try {
      const res = await call(staff, 'PUT', `/api/manage/${orderId}`);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger audit_test_refuse_shipment on shipments'));
    }
    expect(await rowsAbout(orderId)).toEqual([]);
    const again = await call(staff, 'PUT', `/api/manage/${orderId}`);
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowsAbout(orderId)).map((r) => r.action)).toEqual(['order.shipped']);
  });

  it('a change refused by the store writes no row either', async () => {
    const product = await insertProduct(t.app.db, {
      availableQuantity: 5,
      onHandQuantity: 5,
      minimumOrderQuantity: 1,
    });
    await placeOrder(t.app, customer, product.id, 3);
    const res = await call(owner, 'POST', `/api/tool/${product.id}/stock`, { set: 1 });
    expect(res.statusCode).toBe(409);
    expect(await rowsAbout(product.id)).toEqual([]);
  });

  it('recordAudit writes with the transaction it is given', async () => {
    const subjectId = `rolled-back-${randomUUID()}`;
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordAudit(tx, {
          action: 'setting.changed',
          subjectType: 'setting',
          subjectId,
          after: { x: 1 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsAbout(subjectId)).toEqual([]);
  });
});

describe('GET /api/audit', () => {
  const page = async (who: TestSession, query: string) => {
    const res = await call(who, 'GET', `/api/audit${query}`);
    return { status: res.statusCode, body: res.json() as AuditPage };
  };

  it('lists for the owner only, filtered by person, kind and day, newest first', async () => {
    expect((await page(staff, '')).status).toBe(403);
    const all = await page(owner, '');
    expect(all.status).toBe(200);
    const ats = all.body.entries.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const staffs = (await page(owner, `?person=${encodeURIComponent(staff.email.toUpperCase())}`)).body
      .entries;
    expect(staffs.length).toBeGreaterThan(0);
    expect(new Set(staffs.map((e: AuditEntry) => e.actorEmail))).toEqual(new Set([staff.email]));

    const orders = (await page(owner, '?kind=order')).body.entries;
    expect(orders.length).toBeGreaterThan(0);
    expect(new Set(orders.map((e) => e.kind))).toEqual(new Set(['order']));

    const today = new Date().toISOString().slice(0, 10);
    expect((await page(owner, `?from=${today}&to=${today}`)).body.entries.length).toBe(
      all.body.entries.length,
    );
    expect((await page(owner, '?from=2001-01-01&to=2001-01-02')).body.entries).toEqual([]);
    expect((await page(owner, '?from=2026-02-30')).status).toBe(400);
  });

  it('pages fifty at a time', async () => {
    const subjectId = `paging-${randomUUID()}`;
    await t.app.db.insert(auditLog).values(
      Array.from({ length: 60 }, (_, i) => ({
        action: 'product.updated',
        subjectType: 'brand',
        subjectId,
        after: { i },
        actorEmail: 'pager@example.com',
      })),
    );
    const first = await page(owner, '?person=pager@example.com');
    const second = await page(owner, '?person=pager@example.com&page=2');
    expect([first.body.entries.length, first.body.hasMore]).toEqual([50, true]);
    expect([second.body.entries.length, second.body.hasMore]).toEqual([10, false]);
    const ids = new Set([...first.body.entries, ...second.body.entries].map((e) => e.id));
    expect(ids.size).toBe(60);
  });
});

describe('retention', () => {
  it('removes rows older than the days kept and keeps the rest', async () => {
    const subjectId = `retention-${randomUUID()}`;
    await t.app.db.insert(auditLog).values([
      { action: 'old', subjectType: 'order', subjectId, at: sql`now() - interval '400 days'` },
      { action: 'recent', subjectType: 'order', subjectId, at: sql`now() - interval '300 days'` },
      { action: 'today', subjectType: 'order', subjectId },
    ]);
    const removed = await removeExpiredAudit(t.app.db, 365);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await rowsAbout(subjectId)).map((r) => r.action)).toEqual(['recent', 'today']);
    await removeExpiredAudit(t.app.db, 200);
    expect((await rowsAbout(subjectId)).map((r) => r.action)).toEqual(['today']);
    const kept = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, 'today')));
    expect(kept[0]?.n).toBe(1);
  });
});
