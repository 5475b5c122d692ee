import type { SavedAddress } from '@contract/addresses';
import type { Order } from '@contract/orders';
import type { PricedLine, Quote, ShippingOption } from '@contract/pricing';
import type { PhoneOrderInput, PhoneOrderPreview, QuoteRequest, QuoteSent } from '@contract/staff-orders';
import type { TradeAccount } from '@contract/trade';
import { paidOrder } from '@web/test/orders';
import {
  answer,
  button,
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
  text,
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PhoneOrderPanel } from './phone-order-panel';

const MIA = 'u-mia';
const PADS = '7b0c3f8e-2a41-4c52-9e1d-1f2a3b4c5d6e';
const ROTOR = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
const account = { id: 'u-owner', email: 'olga@torque.example', name: 'Olga Owner', image: null };
let role: 'owner' | 'manager' | 'staff';
let trade: TradeAccount | null;

/** Mia's one saved address, her default. */
const garage = {
  fullName: 'Mia Garage',
  line1: '12 Piston Rd',
  line2: 'Bay 3',
  city: 'Detroit',
  region: 'MI',
  postalCode: '48201',
  country: 'US',
  phone: '+1 313 555 0142',
};
const saved: SavedAddress[] = [{ id: 'a-1', isDefault: true, ...garage }];

const withTerms = (): TradeAccount => ({
  userId: MIA,
  priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [], quantityBreaks: [] },
  certificate: null,
  groupId: null,
  groupName: null,
  onAccount: { creditLimitCents: 500_000, termsDays: 30 },
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const placed = (payment: 'on_account' | 'unpaid'): Order => ({
  ...paidOrder,
  _id: 'order-77',
  number: 'TW-10077',
  paid: payment === 'on_account',
  amounts: {
    ...paidOrder.amounts,
    ...(payment === 'on_account' ? { onAccountCents: paidOrder.amounts.totalCents } : {}),
  },
});

const option = (method: string, label: string, priceCents: number): ShippingOption => ({
  method,
  label,
  priceCents,
  rateCents: priceCents,
  estimate: '3-5 business days',
  mode: 'ground',
  freeOverCents: null,
});
/** A store without zones: its two flat methods. */
const flatMethods = [
  option('standard', 'Standard shipping', 799),
  option('express', 'Express shipping', 1999),
];

/**
 * The store's price of the order being built: pads at Mia's $41.39, a rotor at $89.99, the
 * method's price as `methods` say, no tax (the numbers are the store's; the panel only shows them).
 */
const pricedFor = (body: PhoneOrderPreview, methods = flatMethods, changes: Partial<Quote> = {}): Quote => {
  const lines = body.lines.map(
    (l): PricedLine => ({
      productId: l.productId,
      name: l.productId === PADS ? 'Ceramic brake pads' : 'Vented brake rotor',
      image: '/images/tools/part.svg',
      unitPriceCents: l.productId === PADS ? 4139 : 8999,
      quantity: l.quantity,
      minimum: 1,
      available: 20,
      lineTotalCents: (l.productId === PADS ? 4139 : 8999) * l.quantity,
      discountCents: 0,
      coreChargeCents: 0,
      coreTotalCents: 0,
      problem: null,
    }),
  );
  const method = methods.find((m) => m.method === body.shippingMethod) ?? methods[0];
  const subtotalCents = lines.reduce((total, l) => total + l.lineTotalCents, 0);
  return {
    lines,
    itemCount: body.lines.reduce((n, l) => n + l.quantity, 0),
    totals: {
      subtotalCents,
      coreChargeCents: 0,
      discountCents: 0,
      shippingCents: method?.priceCents ?? 0,
      taxCents: 0,
      totalCents: subtotalCents + (method?.priceCents ?? 0),
      shippingMethod: method?.method ?? body.shippingMethod,
      shippingLabel: method?.label ?? body.shippingMethod,
      shippingTaxCents: 0,
      taxRateBasisPoints: 0,
    },
    shippingOptions: methods,
    freeShippingOverCents: null,
    discount: null,
    codeVerdict: null,
    weightLb: 4,
    shippingProblem: null,
    ...changes,
  };
};
const PREVIEW = `/api/customers/${MIA}/orders/preview`;
/** Longer than the panel lets typing rest before it prices, to see that nothing was asked. */
const rest = () => act(() => new Promise<void>((done) => setTimeout(done, 500)));

mockApi(
  http.post(PREVIEW, async ({ request }) => json(pricedFor((await request.json()) as PhoneOrderPreview))),
  http.get('/api/auth/get-session', () => json({ user: account })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get(`/api/customers/${MIA}/trade`, () => json({ trade })),
  http.get('/api/tool', ({ request }) => {
    const search = new URL(request.url).searchParams.get('search');
    return json(
      search === 'rotor'
        ? [{ _id: ROTOR, name: 'Vented brake rotor' }]
        : [{ _id: PADS, name: 'Ceramic brake pads' }],
    );
  }),
  http.post(`/api/customers/${MIA}/orders`, async ({ request }) => {
    const body = (await request.json()) as PhoneOrderInput;
    return json(placed(body.payment), 201);
  }),
  http.post(`/api/customers/${MIA}/quotes`, () =>
    json({ quote: { id: 'q-1' }, link: '/quote/q1Xy_Zt-9aBcDeFgHiJkLmNoP' } as unknown as QuoteSent, 201),
  ),
);

beforeEach(() => {
  role = 'owner';
  trade = null;
});

const open = async (addresses = saved) => {
  await renderPage(<PhoneOrderPanel customerId={MIA} addresses={addresses} />);
  await waitFor(() => expect(calls.some((c) => c.path === `/api/customers/${MIA}/trade`)).toBe(true));
  await shows('Order for this customer');
};

/** Finds a part by its name and adds it (one of it). */
const addPart = async (search: string, name: string) => {
  type(field('Find a part'), search);
  await click('Search');
  await waitFor(() => expect(() => button(`Add ${name}`)).not.toThrow());
  await click(`Add ${name}`);
};

describe('ordering for a customer', () => {
  it('places an order charged to the account of a customer with terms, and links to it', async () => {
    trade = withTerms();
    await open();
    await waitFor(() => expect(text()).toContain('Charge to account'));
    await addPart('pads', 'Ceramic brake pads');
    await addPart('rotor', 'Vented brake rotor');
    type(field('Quantity of Vented brake rotor'), '2');
    // The default saved address is filled in.
    expect(field<HTMLInputElement>('Address line 1').value).toBe('12 Piston Rd');
    type(field('Shipping method'), 'express');
    type(field('Discount code (optional)'), ' SPRING10 ');
    expect(field<HTMLInputElement>('Charge to account').checked).toBe(true);

    await click('Place order');
    await shows('TW-10077');
    expect(sent('POST', `/api/customers/${MIA}/orders`)).toEqual([
      {
        lines: [
          { productId: PADS, quantity: 1 },
          { productId: ROTOR, quantity: 2 },
        ],
        shippingMethod: 'express',
        address: garage,
        discountCode: 'SPRING10',
        payment: 'on_account',
      },
    ]);
    const placedNote = screen().querySelector('[data-testid="phone-order-placed"]');
    expect(placedNote?.textContent).toContain('charged to the customer\u2019s account');
    expect(button('TW-10077').getAttribute('href')).toBe('/dashboard/manageOrders/order-77');
    // The lines are cleared for the next order.
    expect(screen().querySelectorAll('[data-testid="part-line"]')).toHaveLength(0);
  });

  it('leaves the order for the customer to pay by card when they have no terms, or staff choose so', async () => {
    await open();
    await addPart('pads', 'Ceramic brake pads');
    expect(text()).not.toContain('Charge to account');
    expect(field<HTMLInputElement>('Customer pays by card').checked).toBe(true);
    await click('Place order');
    await shows('it waits for the customer to pay by card');
    expect(sent('POST', `/api/customers/${MIA}/orders`)).toMatchObject([{ payment: 'unpaid' }]);

    trade = withTerms();
    await open();
    await waitFor(() => expect(text()).toContain('Charge to account'));
    await addPart('pads', 'Ceramic brake pads');
    await tick(field('Customer pays by card'));
    await click('Place order');
    // The second order, chosen to be paid by card though the customer has terms.
    await waitFor(() => expect(sent('POST', `/api/customers/${MIA}/orders`)).toHaveLength(2));
    expect(sent('POST', `/api/customers/${MIA}/orders`)[1]).toMatchObject({ payment: 'unpaid' });
  });

  it('asks for a part first, and says the store refusal in words', async () => {
    trade = withTerms();
    await open();
    await click('Place order');
    await shows('Add a part first.');
    expect(sent('POST', `/api/customers/${MIA}/orders`)).toEqual([]);

    answer(
      http.post(`/api/customers/${MIA}/orders`, () =>
        refusal(409, 'CONFLICT', 'This order of $1,200.00 is over the account limit: $800.00 is available.'),
      ),
    );
    await addPart('pads', 'Ceramic brake pads');
    await click('Place order');
    await waitFor(() =>
      expect(screen().querySelector('[role="alert"]')?.textContent).toBe(
        'This order of $1,200.00 is over the account limit: $800.00 is available.',
      ),
    );
  });

  it('types a new address when the customer has none saved', async () => {
    await open([]);
    await addPart('pads', 'Ceramic brake pads');
    await click('Place order');
    await shows('Full name is required');
    expect(sent('POST', `/api/customers/${MIA}/orders`)).toEqual([]);
    type(field('Full name'), 'Mia Garage');
    type(field('Address line 1'), '12 Piston Rd');
    type(field('City'), 'Detroit');
    type(field('State / province'), 'MI');
    type(field('Postal code'), '48201');
    type(field('Phone'), '+1 313 555 0142');
    await click('Place order');
    await waitFor(() => expect(sent('POST', `/api/customers/${MIA}/orders`)).toHaveLength(1));
    expect(sent('POST', `/api/customers/${MIA}/orders`)).toMatchObject([
      { address: { ...garage, line2: '' } },
    ]);
  });

  it('sends a quote with its days and note, and shows its link to copy', async () => {
    await open();
    await addPart('pads', 'Ceramic brake pads');
    type(field('Quantity of Ceramic brake pads'), '4');
    type(field('Valid for (days)'), '30');
    type(field('Note to the customer (optional)'), 'Fits the 2019 F-150.');
    await click('Send quote');
    await shows('Quote sent');
    expect(sent('POST', `/api/customers/${MIA}/quotes`)).toEqual([
      {
        lines: [{ productId: PADS, quantity: 4 }],
        shippingMethod: 'standard',
        address: garage,
        validDays: 30,
        note: 'Fits the 2019 F-150.',
      },
    ] satisfies QuoteRequest[]);
    expect(field<HTMLInputElement>('Quote link').value).toBe(
      `${window.location.origin}/quote/q1Xy_Zt-9aBcDeFgHiJkLmNoP`,
    );
    expect(sent('POST', `/api/customers/${MIA}/orders`)).toEqual([]);
  });

  it('asks for the days a quote holds within 1 to 60', async () => {
    await open();
    await addPart('pads', 'Ceramic brake pads');
    type(field('Valid for (days)'), '90');
    await click('Send quote');
    await shows('Give the days the quote holds: 1 to 60.');
    expect(sent('POST', `/api/customers/${MIA}/quotes`)).toEqual([]);
  });

  it("prices the order for the customer with the zone's own methods before it is placed", async () => {
    const zone = [option('ground', 'Ground', 1200), option('next-day', 'Next day air', 3500)];
    answer(
      http.post(PREVIEW, async ({ request }) =>
        json(pricedFor((await request.json()) as PhoneOrderPreview, zone)),
      ),
    );
    await open();
    await addPart('pads', 'Ceramic brake pads');
    type(field('Quantity of Ceramic brake pads'), '4');
    await waitFor(() =>
      expect(sent('POST', PREVIEW)).toContainEqual({
        lines: [{ productId: PADS, quantity: 4 }],
        shippingMethod: 'standard',
        region: 'MI',
        country: 'US',
      } satisfies PhoneOrderPreview),
    );
    // Standard is not the zone's: the first method it offers is taken, and priced with.
    await waitFor(() => expect(field<HTMLSelectElement>('Shipping method').value).toBe('ground'));
    const choices = [...field<HTMLSelectElement>('Shipping method').options].map((o) => o.textContent);
    expect(choices).toEqual(['Ground, $12.00', 'Next day air, $35.00']);
    await waitFor(() => expect(sent('POST', PREVIEW).at(-1)).toMatchObject({ shippingMethod: 'ground' }));
    await shows('Price for this customer');
    const summary = () => screen().querySelector('[data-testid="order-summary"]')?.textContent ?? '';
    // 4 x $41.39 = $165.56, $12.00 ground: $177.56.
    await waitFor(() => expect(summary()).toContain('Ground$12.00'));
    expect(text()).toContain('Ceramic brake pads: 4 \u00d7 $41.39');
    expect(summary()).toContain('Subtotal$165.56');
    expect(screen().querySelector('[data-testid="summary-total"]')?.textContent).toBe('$177.56');

    type(field('Shipping method'), 'next-day');
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="summary-total"]')?.textContent).toBe('$200.56'),
    );
    await click('Place order');
    await shows('TW-10077');
    expect(sent('POST', `/api/customers/${MIA}/orders`)).toMatchObject([{ shippingMethod: 'next-day' }]);
  });

  it("shows the discount and the code's verdict, and why no method is offered", async () => {
    answer(
      http.post(PREVIEW, async ({ request }) => {
        const body = (await request.json()) as PhoneOrderPreview;
        const base = pricedFor(body);
        return json(
          body.discountCode === 'SPRING10'
            ? pricedFor(body, flatMethods, {
                totals: { ...base.totals, discountCents: 414, totalCents: base.totals.totalCents - 414 },
                discount: { code: 'SPRING10', label: '10% off', goodsCents: 414, shippingCents: 0 },
                codeVerdict: {
                  code: 'SPRING10',
                  applied: true,
                  reason: null,
                  message: 'Code SPRING10 applied: 10% off.',
                },
              })
            : pricedFor(body, [], { shippingProblem: 'We do not ship to this address yet.' }),
        );
      }),
    );
    await open();
    await addPart('pads', 'Ceramic brake pads');
    await shows('We do not ship to this address yet.');
    // With no method offered the select keeps the flat ones.
    expect(field<HTMLSelectElement>('Shipping method').value).toBe('standard');

    type(field('Discount code (optional)'), 'SPRING10');
    await shows('Code SPRING10 applied: 10% off.');
    expect(screen().querySelector('[data-testid="summary-discount"]')?.textContent).toBe('-$4.14');
    // $41.39 - $4.14 + $7.99 standard.
    expect(screen().querySelector('[data-testid="summary-total"]')?.textContent).toBe('$45.24');
    expect(text()).not.toContain('We do not ship to this address yet.');
  });

  it('says the store refusal to price the order', async () => {
    answer(http.post(PREVIEW, () => refusal(400, 'VALIDATION_FAILED', 'Give the state or province.')));
    await open();
    await addPart('pads', 'Ceramic brake pads');
    await waitFor(() =>
      expect(screen().querySelector('[role="alert"]')?.textContent).toBe('Give the state or province.'),
    );
  });

  it('asks for no price without parts, or without the state of the address', async () => {
    await open();
    type(field('Discount code (optional)'), 'SPRING10');
    type(field('Shipping method'), 'express');
    await rest();
    expect(sent('POST', PREVIEW)).toEqual([]);
    expect(text()).not.toContain('Price for this customer');

    await open([]);
    await addPart('pads', 'Ceramic brake pads');
    await shows('Give the address\u2019s state and country to price the order.');
    await rest();
    expect(sent('POST', PREVIEW)).toEqual([]);
    type(field('State / province'), 'MI');
    await waitFor(() => expect(sent('POST', PREVIEW)).toMatchObject([{ region: 'MI', country: 'US' }]));
    await shows('$41.39');
  });

  it('is not shown to staff whose role does not place orders', async () => {
    role = 'staff';
    await renderPage(<PhoneOrderPanel customerId={MIA} addresses={saved} />);
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    expect(text()).not.toContain('Order for this customer');
    expect(sent('GET', `/api/customers/${MIA}/trade`)).toEqual([]);
  });
});
