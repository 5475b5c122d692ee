import type { CustomerGroup, TradeAccount, TradeAccountInput } from '@contract/trade';
import { categories } from '@web/test/catalog';
import {
  answer,
  calls,
  click,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { TradeAccountPanel } from './trade-account-panel';

const SHOP = 'user-shop';
const PADS = '7b0c3f8e-2a41-4c52-9e1d-1f2a3b4c5d6e';
const FLEET = 'a8f1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const account = { id: 'u-staff', email: 'olga@torque.example', name: 'Olga', image: null };
let trade: TradeAccount | null;
let role: 'owner' | 'manager';

const fleet: CustomerGroup = {
  id: FLEET,
  name: 'Fleet',
  priceList: { percentOffBasisPoints: 1500, categories: [], netPrices: [], discountRule: 'best' },
  members: 3,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

mockApi(
  http.get('/api/auth/get-session', () => json({ user: account })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get('/api/categories', () => json(categories)),
  http.get('/api/customer-groups', () => json({ groups: [fleet] })),
  http.get(`/api/customers/${SHOP}/trade`, () => json({ trade })),
  http.put(`/api/customers/${SHOP}/trade`, async ({ request }) => {
    const input = (await request.json()) as TradeAccountInput;
    const groupId = input.groupId === undefined ? (trade?.groupId ?? null) : input.groupId;
    trade = {
      ...input,
      groupId,
      groupName: groupId === FLEET ? 'Fleet' : null,
      onAccount: input.onAccount === undefined ? (trade?.onAccount ?? null) : input.onAccount,
      userId: SHOP,
      updatedAt: '2026-11-29T05:00:00.000Z',
    };
    return json(trade);
  }),
  http.delete(`/api/customers/${SHOP}/trade`, () => {
    trade = null;
    return json({ trade: null });
  }),
  http.get('/api/tool', () => json([{ _id: PADS, name: 'Ceramic brake pads' }])),
);

beforeEach(() => {
  trade = null;
  role = 'manager';
});

/** The role has come back from the store: what the panel offers is settled. */
const roleKnown = () => waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));

const form = () => screen().querySelector('form[aria-label="Trade terms"]') as HTMLFormElement;
const breaks = () =>
  [...form().querySelectorAll('fieldset')].find(
    (f) => f.querySelector('legend')?.textContent === 'Quantity breaks',
  ) as HTMLFieldSetElement;
/** A trade account as kept before quantity breaks: the store sends no `quantityBreaks`. */
const tenOff = (): TradeAccount => ({
  userId: SHOP,
  priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
  certificate: null,
  groupId: null,
  groupName: null,
  onAccount: null,
  updatedAt: '2026-11-29T05:00:00.000Z',
});
const summary = () => screen().querySelector('[data-testid="trade-summary"]')?.textContent ?? '';

describe("a customer's trade account", () => {
  it('makes a retail customer a trade account from percents, a net price and a certificate as typed', async () => {
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await shows('Retail: buys at list prices');
    await click('Make a trade account');
    type(field('Percent off list price', form()), '12.5');
    await click('Add a category percent');
    await waitFor(() =>
      expect(field<HTMLSelectElement>('Category', form()).options.length).toBeGreaterThan(1),
    );
    const slug = categories[0]?.slug ?? '';
    type(field('Category', form()), slug);
    type(field('Percent', form()), '25');
    type(field('Find a product', form()), 'pads');
    await click('Search');
    await shows('Add Ceramic brake pads');
    await click('Add Ceramic brake pads');
    type(field('Net price of Ceramic brake pads ($)', form()), '42.00');
    await tick(field('Holds a tax exemption certificate', form()));
    type(field('Certificate number', form()), 'MI-RS-40021');
    type(field('States (like MI, OH)', form()), 'mi, oh');
    type(field('Expires on', form()), '2027-06-30');
    await submit(form());
    await shows('Trade terms saved');
    // Percents as basis points and dollars as cents, worked out without float arithmetic.
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([
      {
        priceList: {
          percentOffBasisPoints: 1250,
          categories: [{ categorySlug: slug, basisPoints: 2500 }],
          netPrices: [{ productId: PADS, priceCents: 4200 }],
          quantityBreaks: [],
          discountRule: 'stack',
        },
        certificate: { number: 'MI-RS-40021', states: ['MI', 'OH'], expiresOn: '2027-06-30' },
        groupId: null,
      },
    ]);
    await waitFor(() => expect(summary()).toContain('Ceramic brake pads$42.00 net'));
    expect(summary()).toContain('Certificate MI-RS-40021, MI, OH, until 2027-06-30');
  });

  it('says what is wrong with a percent it cannot read, and sends nothing', async () => {
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await shows('Retail: buys at list prices');
    await click('Make a trade account');
    type(field('Percent off list price', form()), 'ten');
    await submit(form());
    await shows('Enter the percent off list as a number, like 10 or 12.5.');
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([]);
  });

  it('adds a quantity break: a product found, the units it starts from and its price in cents', async () => {
    trade = tenOff();
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await waitFor(() => expect(summary()).toContain('10%'));
    await click('Change trade terms');
    type(field('Find a product for a break', breaks()), 'pads');
    await click('Search', breaks());
    await shows('Add Ceramic brake pads');
    await click('Add Ceramic brake pads', breaks());
    type(field('From (units)', breaks()), '10');
    type(field('Price each ($)', breaks()), '3.10');
    await submit(form());
    await shows('Trade terms saved');
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([
      {
        priceList: {
          percentOffBasisPoints: 1000,
          categories: [],
          netPrices: [],
          quantityBreaks: [{ productId: PADS, minQuantity: 10, priceCents: 310 }],
          discountRule: 'stack',
        },
        certificate: null,
        groupId: null,
      },
    ]);
    await waitFor(() => expect(summary()).toContain('Ceramic brake pads from 10 units$3.10 each'));
  });

  it('removes a quantity break and sends none', async () => {
    trade = tenOff();
    trade.priceList.quantityBreaks = [{ productId: PADS, minQuantity: 10, priceCents: 310 }];
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await waitFor(() => expect(summary()).toContain('from 10 units$3.10 each'));
    await click('Change trade terms');
    expect(field('From (units)', breaks()).value).toBe('10');
    expect(field('Price each ($)', breaks()).value).toBe('3.10');
    await click('Remove the break of A product from 10 units', breaks());
    expect(breaks().querySelector('[data-testid="quantity-break"]')).toBeNull();
    await submit(form());
    await shows('Trade terms saved');
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([
      {
        priceList: {
          percentOffBasisPoints: 1000,
          categories: [],
          netPrices: [],
          quantityBreaks: [],
          discountRule: 'stack',
        },
        certificate: null,
        groupId: null,
      },
    ]);
    await waitFor(() => expect(summary()).not.toContain('units'));
  });

  it('says which break the store refused, under the quantity breaks', async () => {
    trade = tenOff();
    trade.priceList.quantityBreaks = [
      { productId: PADS, minQuantity: 10, priceCents: 310 },
      { productId: PADS, minQuantity: 20, priceCents: 290 },
    ];
    answer(
      http.put(`/api/customers/${SHOP}/trade`, () =>
        refusal(400, 'VALIDATION_FAILED', 'A quantity of a product is listed twice.', [
          { path: 'priceList.quantityBreaks', message: 'A quantity of a product is listed twice.' },
        ]),
      ),
    );
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await waitFor(() => expect(summary()).toContain('from 20 units'));
    await click('Change trade terms');
    type(
      screen().querySelectorAll<HTMLInputElement>(
        '[data-testid="quantity-break"] input',
      )[2] as HTMLInputElement,
      '10',
    );
    await submit(form());
    await waitFor(() => expect(breaks().textContent).toContain('A quantity of a product is listed twice.'));
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([
      expect.objectContaining({
        priceList: expect.objectContaining({
          quantityBreaks: [
            { productId: PADS, minQuantity: 10, priceCents: 310 },
            { productId: PADS, minQuantity: 10, priceCents: 290 },
          ],
        }),
      }),
    ]);
  });

  it('puts the account in a group: its own list is hidden, kept and sent back as it was', async () => {
    trade = tenOff();
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await waitFor(() => expect(summary()).toContain('10%'));
    await click('Change trade terms');
    const group = field<HTMLSelectElement>('Price list', form());
    await waitFor(() => expect(group.options.length).toBe(2));
    expect(group.value).toBe('');
    expect([...group.options].map((o) => o.textContent)).toEqual(['Own price list', 'Group: Fleet']);
    type(group, FLEET);
    await shows("The Fleet group's price list applies");
    expect(() => field('Percent off list price', form())).toThrow();
    await submit(form());
    await shows('Trade terms saved');
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([
      {
        priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
        certificate: null,
        groupId: FLEET,
      },
    ]);
    await waitFor(() => expect(summary()).toContain("Fleet: buys at the group's price list"));
    expect(summary()).not.toContain('Off list price');
  });

  it('sends the discount rule chosen for the own list', async () => {
    trade = tenOff();
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await waitFor(() => expect(summary()).toContain('Discounts come off trade prices'));
    await click('Change trade terms');
    type(field<HTMLSelectElement>('When a discount is used', form()), 'best');
    await submit(form());
    await shows('Trade terms saved');
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([
      expect.objectContaining({ priceList: expect.objectContaining({ discountRule: 'best' }) }),
    ]);
    await waitFor(() => expect(summary()).toContain('The better of trade prices or the discount'));
  });

  it('lets the owner set orders on account: net 30 up to a limit in cents', async () => {
    role = 'owner';
    trade = tenOff();
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await roleKnown();
    await waitFor(() => expect(summary()).toContain('No: pays when it orders'));
    await click('Change trade terms');
    await waitFor(() => expect(form().querySelector('[data-testid="on-account"]')).not.toBeNull());
    type(field<HTMLSelectElement>('Terms', form()), '30');
    type(field('Credit limit ($)', form()), 'lots');
    await submit(form());
    await shows('Enter the credit limit in dollars');
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([]);
    type(field('Credit limit ($)', form()), '5,000.10');
    await submit(form());
    await shows('Trade terms saved');
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toEqual([
      expect.objectContaining({ groupId: null, onAccount: { creditLimitCents: 500_010, termsDays: 30 } }),
    ]);
    await waitFor(() => expect(summary()).toContain('Net 30, up to $5,000.10'));

    // Turned off, it is sent as none.
    await click('Change trade terms');
    expect(field('Credit limit ($)', form()).value).toBe('5,000.10');
    type(field<HTMLSelectElement>('Terms', form()), 'off');
    await submit(form());
    await waitFor(() => expect(sent('PUT', `/api/customers/${SHOP}/trade`)).toHaveLength(2));
    expect(sent('PUT', `/api/customers/${SHOP}/trade`)[1]).toMatchObject({ onAccount: null });
  });

  it('shows a manager no terms on account, and sends none', async () => {
    trade = { ...tenOff(), onAccount: { creditLimitCents: 100_000, termsDays: 15 } };
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await roleKnown();
    await waitFor(() => expect(summary()).toContain('Net 15, up to $1,000.00'));
    await click('Change trade terms');
    expect(form().querySelector('[data-testid="on-account"]')).toBeNull();
    await submit(form());
    await shows('Trade terms saved');
    const [body] = sent('PUT', `/api/customers/${SHOP}/trade`);
    expect(body).not.toHaveProperty('onAccount');
  });

  it('ends a trade account only once confirmed', async () => {
    trade = tenOff();
    await renderPage(<TradeAccountPanel customerId={SHOP} />);
    await waitFor(() => expect(summary()).toContain('10%'));
    await click('End trade account');
    await shows('End this trade account?');
    expect(sent('DELETE', `/api/customers/${SHOP}/trade`)).toEqual([]);
    const dialog = screen().ownerDocument.querySelector('dialog[open], [role="dialog"]') as HTMLElement;
    await click('End trade account', dialog);
    await shows('The account buys at list prices again');
    expect(sent('DELETE', `/api/customers/${SHOP}/trade`)).toHaveLength(1);
    await shows('Retail: buys at list prices');
  });
});
