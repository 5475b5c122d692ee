import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertProduct, insertReview } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * A page loaded before the product rename (decision 096) still asks with `toolId`: the server reads
 * it as `productId` for one release, in the query as in the body, through the same validation.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("answers a former page's `?toolId=` as `?productId=`", async () => {
  const rotor = await insertProduct(t.app.db, { name: 'Rotor' });
  const other = await insertProduct(t.app.db, { name: 'Pads' });
  await insertReview(t.app.db, { productId: rotor.id, comment: 'Fits my Civic' });
  await insertReview(t.app.db, { productId: other.id, comment: 'Quiet pads' });
  const comments = async (query: string) =>
    (
      (await t.app.inject({ method: 'GET', url: `/api/review?${query}` })).json() as { comment: string }[]
    ).map((r) => r.comment);
  expect(await comments(`toolId=${rotor.id}`)).toEqual(['Fits my Civic']);
  expect(await comments(`toolId=${rotor.id}`)).toEqual(await comments(`productId=${rotor.id}`));
  const bad = await t.app.inject({ method: 'GET', url: '/api/review?toolId=not-an-id' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error.issues).toEqual([{ path: 'productId', message: 'Unknown product' }]);
});
