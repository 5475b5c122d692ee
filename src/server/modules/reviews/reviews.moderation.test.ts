import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../contract/audit';
import type { ModeratedReview, ModerationPage, OwnReview, Review } from '../../../contract/reviews';
import { auditLog, user } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, newCustomer } from '../../test/kit';
import type { TestSession } from '../../test/sessions';
import { as, payOrder, placeOrder } from '../../test/store-flow';

/**
 * Reviews worth trusting (decision 077): the verified-purchase mark, the owner's setting that holds
 * reviews for approval, held reviews kept off the public lists but shown to their writer, and the
 * managers' moderation (publish, hide, reply) with its audit rows.
 */

let t: TestApp;
let owner: TestSession;
let manager: TestSession;
let staff: TestSession;
let buyer: TestSession;
let browser: TestSession;
let wrench: string;
let jack: string;

const call = (
  who: TestSession | undefined,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: as(who),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
async function ok<T>(
  who: TestSession | undefined,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}
const review = (who: TestSession, comment: string, productId?: string) =>
  ok<{ insertedId: string; status: string }>(who, 'POST', '/api/review', {
    comment,
    ratings: 4,
    ...(productId ? { productId } : {}),
  });
const published = async (productId?: string) =>
  ok<Review[]>(undefined, 'GET', `/api/review${productId ? `?productId=${productId}` : ''}`);
const publicComments = async (productId?: string) => (await published(productId)).map((r) => r.comment);
async function setHold(hold: 'none' | 'nonBuyers' | 'all') {
  const now = await ok<{ sections: { reviews: { revision: number } } }>(owner, 'GET', '/api/settings');
  await ok(owner, 'PUT', '/api/settings/reviews', {
    value: { hold },
    revision: now.sections.reviews.revision,
  });
}
async function withRole(session: TestSession, role: 'manager' | 'staff') {
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, session.email));
  await ok(owner, 'PUT', `/api/customers/${row?.id}/role`, { role });
}

beforeAll(async () => {
  ({ t, admin: owner } = await createOwnerApp());
  manager = await newCustomer(t.app, { name: 'Mia Manager' });
  staff = await newCustomer(t.app, { name: 'Sam Staff' });
  await withRole(manager, 'manager');
  await withRole(staff, 'staff');
  buyer = await newCustomer(t.app, { name: 'Bea Buyer' });
  browser = await newCustomer(t.app, { name: 'Bo Browser' });
  wrench = (await insertProduct(t.database.db, { name: 'Torque Wrench' })).id;
  jack = (await insertProduct(t.database.db, { name: 'Floor Jack' })).id;
  // Bea bought the wrench and paid; an unpaid order of the jack proves nothing.
  await payOrder(t.app, buyer, (await placeOrder(t.app, buyer, wrench, 5))._id);
  await placeOrder(t.app, buyer, jack, 5);
});
afterAll(() => t.close());

describe('the verified-purchase mark and the hold for approval', () => {
  it('by default publishes a buyer’s review at once, marked verified, and holds a non-buyer’s', async () => {
    const bought = await review(buyer, 'Clicks right at the set torque.', wrench);
    expect(bought.status).toBe('published');
    // Bought a wrench: a verified buyer of the store too.
    expect((await review(buyer, 'Quick shipping to Detroit.')).status).toBe('published');
    // Ordered the jack but never paid: not verified, so held.
    const unpaid = await review(buyer, 'Looks sturdy in the photos.', jack);
    expect(unpaid.status).toBe('held');
    const stranger = await review(browser, 'Never bought one, five stars anyway.', wrench);
    expect(stranger.status).toBe('held');

    expect(await published(wrench)).toEqual([
      {
        _id: bought.insertedId,
        comment: 'Clicks right at the set torque.',
        commenter: 'Bea Buyer',
        ratings: 4,
        productId: wrench,
        verified: true,
      },
    ]);
    expect((await published()).find((r) => r.comment === 'Quick shipping to Detroit.')?.verified).toBe(true);
    expect(await publicComments(jack)).toEqual([]);

    // The writer sees their held review, awaiting approval.
    const mine = await ok<OwnReview[]>(browser, 'GET', `/api/review/mine?productId=${wrench}`);
    expect(mine.map((r) => [r.comment, r.status, r.verified, r.productName])).toEqual([
      ['Never bought one, five stars anyway.', 'held', false, 'Torque Wrench'],
    ]);
    // Nobody else's reviews, and no one without an account.
    expect(await ok<OwnReview[]>(manager, 'GET', '/api/review/mine')).toEqual([]);
    expect((await call(undefined, 'GET', '/api/review/mine')).statusCode).toBe(401);
  });

  it("follows the owner's setting: hold every review, or none", async () => {
    await setHold('all');
    expect((await review(buyer, 'Second wrench for the shop.', wrench)).status).toBe('held');
    await setHold('none');
    const open = await review(browser, 'Friendly phone support.');
    expect(open.status).toBe('published');
    expect((await published()).find((r) => r._id === open.insertedId)?.verified).toBe(false);
    await setHold('nonBuyers');
    expect((await review(browser, 'Held again.')).status).toBe('held');
    const refused = await call(owner, 'PUT', '/api/settings/reviews', {
      value: { hold: 'some' },
      revision: 3,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Choose which reviews wait for approval');
  });
});

describe('moderation by managers', () => {
  it('lists held reviews, publishes one, replies in public, hides it, each with its audit row', async () => {
    const { insertedId: id } = await review(browser, 'Arrived a day early, box intact.', wrench);
    const desk = await ok<ModerationPage>(manager, 'GET', '/api/reviews');
    expect(desk.held).toBe(desk.total);
    expect(desk.reviews.find((r) => r._id === id)).toMatchObject({
      commenter: 'Bo Browser',
      status: 'held',
      verified: false,
      productName: 'Torque Wrench',
    });

    const shown = await ok<ModeratedReview>(manager, 'POST', `/api/reviews/${id}/publish`);
    expect(shown.status).toBe('published');
    expect(await publicComments(wrench)).toContain('Arrived a day early, box intact.');

    await ok(manager, 'PUT', `/api/reviews/${id}/reply`, { reply: '  Glad it came early, Bo!  ' });
    const answered = (await published(wrench)).find((r) => r._id === id);
    expect(answered?.reply?.text).toBe('Glad it came early, Bo!');
    expect(Date.parse(answered?.reply?.at ?? '')).not.toBeNaN();

    await ok(manager, 'POST', `/api/reviews/${id}/hide`);
    expect(await publicComments(wrench)).not.toContain('Arrived a day early, box intact.');
    // The writer still sees it, as hidden.
    const mine = await ok<OwnReview[]>(browser, 'GET', '/api/review/mine');
    expect(mine.find((r) => r._id === id)?.status).toBe('hidden');
    // Hiding it again changes nothing and records nothing.
    await ok(manager, 'POST', `/api/reviews/${id}/hide`);

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(rows.map((r) => [r.action, r.actorEmail, r.before, r.after])).toEqual([
      [
        'review.published',
        manager.email,
        { status: 'held', commenter: 'Bo Browser', comment: 'Arrived a day early, box intact.' },
        { status: 'published', commenter: 'Bo Browser', comment: 'Arrived a day early, box intact.' },
      ],
      ['review.replied', manager.email, { reply: null }, { reply: 'Glad it came early, Bo!' }],
      [
        'review.hidden',
        manager.email,
        { status: 'published', commenter: 'Bo Browser', comment: 'Arrived a day early, box intact.' },
        { status: 'hidden', commenter: 'Bo Browser', comment: 'Arrived a day early, box intact.' },
      ],
    ]);
    // The owner's audit log names the review by its writer, under its own kind.
    const log = await ok<AuditPage>(owner, 'GET', '/api/audit?kind=review');
    expect(log.entries.filter((e) => e.subjectId === id).map((e) => [e.action, e.subjectName])).toEqual([
      ['review.hidden', 'Bo Browser'],
      ['review.replied', 'Bo Browser'],
      ['review.published', 'Bo Browser'],
    ]);
  });

  it('an empty reply takes the reply away; an unknown review is not found', async () => {
    const { insertedId: id } = await review(buyer, 'Reply to me.', wrench);
    await ok(manager, 'PUT', `/api/reviews/${id}/reply`, { reply: 'Thanks!' });
    await ok(manager, 'PUT', `/api/reviews/${id}/reply`, { reply: '   ' });
    expect((await published(wrench)).find((r) => r._id === id)?.reply).toBeUndefined();
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-a-review']) {
      const res = await call(manager, 'POST', `/api/reviews/${missing}/publish`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('is for managers and the owner: staff and customers are refused', async () => {
    const { insertedId: id } = await review(browser, 'Refused moderation.', wrench);
    for (const who of [staff, browser]) {
      expect((await call(who, 'GET', '/api/reviews')).statusCode).toBe(403);
      expect((await call(who, 'POST', `/api/reviews/${id}/publish`)).statusCode).toBe(403);
    }
    expect((await call(undefined, 'GET', '/api/reviews')).statusCode).toBe(401);
    expect(
      (await ok<ModerationPage>(owner, 'GET', '/api/reviews?status=held')).reviews.map((r) => r._id),
    ).toContain(id);
    expect(await publicComments(wrench)).not.toContain('Refused moderation.');
  });
});
