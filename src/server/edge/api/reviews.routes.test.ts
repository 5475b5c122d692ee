import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../../contract/reviews';
import { insertReview } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (app: TestApp) => {
  const res = await app.app.inject({ method: 'GET', url: '/api/review' });
  return { res, body: res.json() as Review[] };
};

describe('GET /api/review', () => {
  it('answers [] when the store has no reviews', async () => {
    const empty = await createTestApp();
    try {
      const { res, body } = await list(empty);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(body).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('answers every review in the spec wire shape, newest first', async () => {
    const db = t.database.db;
    const oldest = await insertReview(db, {
      comment: 'Arrived on time.',
      commenter: 'Ada',
      ratings: 4,
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    // Inserted out of date order, so the answer's order comes from the dates, not from insertion.
    const newest = await insertReview(db, {
      comment: 'Best wrench I own.',
      commenter: 'Grace',
      ratings: 5,
      createdAt: new Date('2026-03-01T10:00:00Z'),
    });
    const middle = await insertReview(db, {
      comment: 'Box was dented.',
      commenter: 'Linus',
      ratings: 2,
      createdAt: new Date('2026-02-01T10:00:00Z'),
    });

    const { res, body } = await list(t);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual([
      { _id: newest.id, comment: 'Best wrench I own.', commenter: 'Grace', ratings: 5, verified: false },
      { _id: middle.id, comment: 'Box was dented.', commenter: 'Linus', ratings: 2, verified: false },
      { _id: oldest.id, comment: 'Arrived on time.', commenter: 'Ada', ratings: 4, verified: false },
    ]);
    // Exactly the wire fields and the purchase mark: no internal columns such as createdAt leave the server.
    for (const review of body)
      expect(Object.keys(review).sort()).toEqual(['_id', 'comment', 'commenter', 'ratings', 'verified']);
  });

  it('leaves out reviews held for approval and hidden ones', async () => {
    const db = t.database.db;
    await insertReview(db, { comment: 'Waiting for a manager.', status: 'held' });
    await insertReview(db, { comment: 'Taken down.', status: 'hidden' });
    const { body } = await list(t);
    expect(body.map((r) => r.comment)).not.toContain('Waiting for a manager.');
    expect(body.map((r) => r.comment)).not.toContain('Taken down.');
  });
});
