import type { Order } from '@contract/orders';
import { paidOrder } from '@web/test/orders';
import {
  answer,
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
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { CustomerAfterSale } from './customer-after-sale';

/**
 * The customer's return form (decision 092): a part that did not fit names its vehicle from My
 * Garage, by a VIN the store reads, or from the store's lists, never typed; the store's refusal is
 * shown as it words it.
 */
const shipped: Order = {
  ...paidOrder,
  _id: 'o-1',
  status: 'shipped',
  shipments: [
    {
      id: 's-1',
      carrier: 'UPS',
      trackingNumber: '1Z1',
      lines: [{ productId: 'tool-1', quantity: 3 }],
      at: '2026-11-02T10:00:00.000Z',
    },
  ],
  lines: paidOrder.lines.map((l) => ({ ...l, shippedQuantity: 3, refundedQuantity: 0 })),
};

let garage: unknown[];
let returns: unknown[];

mockApi(
  http.get('/api/garage', () => json(garage)),
  http.get('/api/order/:id/returns', () => json(returns)),
  http.post('/api/order/:id/returns', () => json({ id: 'r-1' }, 201)),
  http.get('/api/vehicles/vin/:vin', ({ params }) =>
    params.vin === '2HNYD28809H002590'
      ? json({ vin: '2HNYD28809H002590', year: 2009, make: 'Acura', models: ['MDX', 'RDX'] })
      : refusal(400, 'VALIDATION_FAILED', 'The check digit (9th character) is wrong'),
  ),
  http.get('/api/vehicles/options', ({ request }) => {
    const q = new URL(request.url).searchParams;
    return json({
      years: [1999, 1998],
      makes: q.get('year') ? ['Honda', 'Toyota'] : [],
      models: q.get('make') ? ['Accord', 'Starlet'] : [],
      engines: [],
    });
  }),
);

beforeEach(() => {
  garage = [];
  returns = [];
  localStorage.clear();
});

const dialog = () => screen().querySelector('dialog[open]') as HTMLElement;

/** Opens the form and asks for one rotor back because it did not fit. */
async function oneDidNotFit() {
  await renderPage(<CustomerAfterSale order={shipped} />);
  await click('Return parts');
  await waitFor(() => expect(dialog()).not.toBeNull());
  type(field('Quantity to return', dialog()), '1');
  type(field<HTMLSelectElement>('Reason', dialog()), 'does_not_fit');
  await waitFor(() => expect(dialog().textContent).toContain('The vehicle it did not fit'));
}

describe("the order's returns", () => {
  it('tell the buyer when the listing said the part fits their vehicle: no restocking fee', async () => {
    returns = [
      {
        id: 'r-1',
        orderId: 'o-1',
        orderNumber: 'TW-1042',
        kind: 'parts',
        status: 'requested',
        statusText: 'Return requested',
        lines: [{ productId: 'tool-1', quantity: 1, reason: 'does_not_fit', outcome: null }],
        vehicle: { year: 2013, make: 'Honda', model: 'Civic' },
        fitClaims: [
          {
            productId: 'tool-1',
            from: 'garage',
            vin: null,
            listed: 'fits',
            listsNow: 'fits',
            correctedAt: null,
          },
        ],
        note: null,
        adminNote: null,
        refundId: null,
        at: '2026-11-03T10:00:00.000Z',
      },
    ];
    await renderPage(<CustomerAfterSale order={shipped} />);
    await shows('Our listing said it fits your 2013 Honda Civic: no restocking fee on that part.');
  });
});

describe('the return form', () => {
  it('takes the vehicle from My Garage, with its engine', async () => {
    garage = [
      { id: 'g1', year: 2013, make: 'Honda', model: 'Civic', engine: '1.8L I4', active: true },
      { id: 'g2', year: 2016, make: 'Ford', model: 'F-150', engine: '', active: false },
    ];
    await oneDidNotFit();
    // The active vehicle first; the other is one choice away.
    await waitFor(() => expect(field<HTMLSelectElement>('Vehicle', dialog()).value).toBe('g1'));
    expect([...field<HTMLSelectElement>('Vehicle', dialog()).options].map((o) => o.text)).toEqual([
      '2013 Honda Civic 1.8L I4',
      '2016 Ford F-150',
    ]);
    await click('Ask to return', dialog());
    await shows('Return requested');
    expect(sent('POST', '/api/order/o-1/returns')).toEqual([
      {
        lines: [{ productId: 'tool-1', quantity: 1, reason: 'does_not_fit' }],
        vehicle: { from: 'garage', year: 2013, make: 'Honda', model: 'Civic', engine: '1.8L I4' },
      },
    ]);
  });

  it('reads a VIN and has the buyer choose the model the VIN does not say; a VIN that does not read is said so', async () => {
    await oneDidNotFit();
    // No garage: the VIN comes first.
    type(field('VIN', dialog()), '2HNYD28809H002591');
    await click('Read VIN', dialog());
    await shows('The check digit (9th character) is wrong');
    await click('Ask to return', dialog());
    await shows('Tell us which vehicle the part did not fit');
    expect(sent('POST', '/api/order/o-1/returns')).toEqual([]);

    type(field('VIN', dialog()), '2HNYD28809H002590');
    await click('Read VIN', dialog());
    await shows('A 2009 Acura: choose its model.');
    type(field<HTMLSelectElement>('Model', dialog()), 'MDX');
    await click('Ask to return', dialog());
    await shows('Return requested');
    expect(sent('POST', '/api/order/o-1/returns')).toEqual([
      {
        lines: [{ productId: 'tool-1', quantity: 1, reason: 'does_not_fit' }],
        vehicle: { from: 'vin', vin: '2HNYD28809H002590', model: 'MDX' },
      },
    ]);
  });

  it("chooses from the store's lists, and shows the store's refusal of a vehicle it does not know", async () => {
    answer(
      http.post('/api/order/:id/returns', () =>
        refusal(
          400,
          'VALIDATION_FAILED',
          'We do not know a 1999 Honda Starlet: choose the vehicle from My Garage, from the lists, or by its VIN',
        ),
      ),
    );
    await oneDidNotFit();
    await tick(field('From the lists', dialog()));
    await waitFor(() => expect(field<HTMLSelectElement>('Year', dialog()).options.length).toBe(3));
    type(field<HTMLSelectElement>('Year', dialog()), '1999');
    await waitFor(() => expect(field<HTMLSelectElement>('Make', dialog()).options.length).toBe(3));
    type(field<HTMLSelectElement>('Make', dialog()), 'Honda');
    await waitFor(() => expect(field<HTMLSelectElement>('Model', dialog()).options.length).toBe(3));
    type(field<HTMLSelectElement>('Model', dialog()), 'Starlet');
    await click('Ask to return', dialog());
    await shows('We do not know a 1999 Honda Starlet');
    expect(dialog().querySelector('[role="alert"]')?.textContent).toContain('1999 Honda Starlet');
    expect(sent('POST', '/api/order/o-1/returns')).toEqual([
      {
        lines: [{ productId: 'tool-1', quantity: 1, reason: 'does_not_fit' }],
        vehicle: { from: 'picker', year: 1999, make: 'Honda', model: 'Starlet' },
      },
    ]);
  });
});
