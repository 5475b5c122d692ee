import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../../contract/reviews';
import { reviews } from '../../kernel/db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as } from '../../test/store-flow';

let t: TestApp;
let rita: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  rita = await signUp(t.app, { name: 'Rita Reviewer' });
});
afterAll(() => t.close());

const post = (customer: TestSession | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/review', headers: as(customer), payload });
const count = async () => (await t.database.db.select({ id: reviews.id }).from(reviews)).length;

describe('POST /api/review', () => {
  it("adds the review under the account's name, whatever commenter the body sends", async () => {
    const res = await post(rita, {
      comment: '  Quick delivery, solid wrench.  ',
      ratings: 4,
      commenter: 'Mallory',
    });
    expect(res.statusCode, res.body).toBe(201);
    // Rita bought nothing: by default her review waits for a manager (decision 077).
    expect(res.json()).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'held' });
    const { insertedId } = res.json() as { insertedId: string };

    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, insertedId));
    expect(row).toMatchObject({
      comment: 'Quick delivery, solid wrench.',
      commenter: 'Rita Reviewer',
      ratings: 4,
      status: 'held',
      verified: false,
      userId: expect.any(String),
    });
    const list = (await t.app.inject({ method: 'GET', url: '/api/review' })).json() as Review[];
    expect(list.some((r) => r._id === insertedId || r.commenter === 'Mallory')).toBe(false);
  });

  it('takes a rating typed as text', async () => {
    const res = await post(rita, { comment: 'Fine.', ratings: '5' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, res.json().insertedId));
    expect(row?.ratings).toBe(5);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   \n '],
    ['not text', 42],
  ])('a %s comment -> 400 "Please write something about our service."', async (_label, comment) => {
    const before = await count();
    const res = await post(rita, { comment, ratings: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please write something about our service.',
      issues: [{ path: 'comment', message: 'Please write something about our service.' }],
    });
    expect(await count()).toBe(before);
  });

  it.each([
    ['0', 0],
    ['6', 6],
    ['2.5', 2.5],
    ['-1', -1],
    ["'abc'", 'abc'],
    ['empty', ''],
    ['null', null],
    ['missing', undefined],
  ])('a rating of %s -> 400 "rating must be (1 - 5)."', async (_label, ratings) => {
    const before = await count();
    const res = await post(rita, { comment: 'Good shop.', ratings });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'rating must be (1 - 5).',
      issues: [{ path: 'ratings', message: 'rating must be (1 - 5).' }],
    });
    expect(await count()).toBe(before);
  });

  it('refuses anonymous reviews with 401 and stores nothing', async () => {
    const before = await count();
    const res = await post(undefined, { comment: 'Spam', ratings: 5, commenter: 'Bot' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect(await count()).toBe(before);
  });
});
