import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorePolicies } from '../../../contract/policies';
import type { SettingsAnswer, SettingsSection } from '../../../contract/settings';
import type { TestApp } from '../../test/harness';
import type { TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';

/** GET /api/store/policies: what the shipping and returns pages say, as the owner's settings are now. */

let t: TestApp;
let owner: TestSession;

beforeAll(async () => {
  ({ t, admin: owner } = await createAdminApp());
});
afterAll(() => t.close());

const policies = async () => {
  // Anyone may read them: no session.
  const res = await t.app.inject({ method: 'GET', url: '/api/store/policies' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StorePolicies;
};

const save = async (section: SettingsSection, change: (value: never) => unknown) => {
  const now = (
    await t.app.inject({ method: 'GET', url: '/api/settings', headers: as(owner) })
  ).json() as SettingsAnswer;
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/settings/${section}`,
    headers: as(owner),
    payload: {
      value: change(structuredClone(now.settings[section]) as never),
      revision: now.sections[section].revision,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the store policies', () => {
  it('say what the settings say, and change the moment the owner saves them', async () => {
    await save('returns', () => ({ windowDays: 45, restockingFeePercent: 12.5 }));
    await save('shipping', (shipping: { zones: unknown[] }) => ({
      ...shipping,
      standardCents: 899,
      expressCents: 2499,
      freeStandardOverCents: 12_500,
      zones: [],
    }));
    const flat = await policies();
    expect(flat.returns).toEqual({ windowDays: 45, restockingFeePercent: 12.5 });
    expect(flat.shipping.zones).toEqual([]);
    expect(flat.shipping.flat).toMatchObject({
      standardCents: 899,
      expressCents: 2499,
      freeStandardOverCents: 12_500,
      standard: { name: 'Standard shipping' },
      express: { name: 'Express shipping' },
    });

    await save('shipping', (shipping: object) => ({
      ...shipping,
      zones: [
        {
          id: 'lower-48',
          name: 'Lower 48',
          areas: ['US'],
          methods: [
            {
              id: 'ground',
              name: 'Ground',
              estimate: '3 to 6 days',
              mode: 'ground',
              brackets: [
                { upToLb: 10, priceCents: 995 },
                { upToLb: null, priceCents: 1995 },
              ],
              freeOverCents: 9900,
            },
          ],
        },
      ],
    }));
    const zoned = await policies();
    expect(zoned.shipping.zones).toEqual([
      {
        name: 'Lower 48',
        areas: ['US'],
        methods: [
          {
            name: 'Ground',
            estimate: '3 to 6 days',
            mode: 'ground',
            brackets: [
              { upToLb: 10, priceCents: 995 },
              { upToLb: null, priceCents: 1995 },
            ],
            freeOverCents: 9900,
          },
        ],
      },
    ]);
  });
});
