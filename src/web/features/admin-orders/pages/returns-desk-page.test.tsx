import type { Return } from '@contract/after-sale';
import {
  button,
  calls,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  sent,
  shows,
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManageReturnsPage } from './returns-desk-page';

const manager = { id: 'm1', email: 'mia@torque.example', name: 'Mia Manager', image: null };
let role: 'manager' | 'staff';

const requested: Return = {
  id: 'ret-1',
  orderId: 'o-1',
  orderNumber: 'TW-10042',
  kind: 'parts',
  status: 'requested',
  statusText: 'Return requested',
  lines: [
    { productId: 't-pads', quantity: 1, reason: 'does_not_fit', outcome: null },
    { productId: 't-rotor', quantity: 2, reason: 'damaged', outcome: null },
  ],
  vehicle: null,
  fitClaims: [],
  note: 'Wrong axle, sorry.',
  adminNote: null,
  refundId: null,
  at: '2026-11-25T10:00:00.000Z',
};
let returns: Return[];
const order = {
  _id: 'o-1',
  number: 'TW-10042',
  lines: [
    { productId: 't-pads', name: 'Brake Pad Set' },
    { productId: 't-rotor', name: 'Brake Rotor' },
  ],
};
const move = (id: unknown, status: Return['status'], changes: Partial<Return> = {}) => {
  returns = returns.map((r) => (r.id === id ? { ...r, status, statusText: status, ...changes } : r));
  return json(returns.find((r) => r.id === id));
};

mockApi(
  http.get('/api/auth/get-session', () => json({ user: manager })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get('/api/manage/returns', () => json(returns)),
  http.get('/api/manage/:id', () => json(order)),
  http.post('/api/manage/returns/:id/decision', async ({ params, request }) => {
    const { approve, note } = (await request.json()) as { approve: boolean; note?: string };
    return move(params.id, approve ? 'approved' : 'refused', { adminNote: note ?? null });
  }),
  http.post('/api/manage/returns/:id/received', ({ params }) => move(params.id, 'received')),
  http.get('/api/manage/returns/:id/refund-quote', () =>
    json({
      amountCents: 13498,
      goodsCents: 13497,
      coreCents: 0,
      taxCents: 945,
      shippingCents: 0,
      otherCents: -944,
      lines: [],
    }),
  ),
  http.post('/api/manage/returns/:id/refund', ({ params }) => move(params.id, 'refunded')),
  http.post('/api/manage/returns/:id/fitment-correction', ({ params }) =>
    move(params.id, 'requested', {
      fitClaims: claimed.fitClaims.map((c) =>
        c.productId === 't-pads' ? { ...c, listsNow: 'no', correctedAt: '2026-11-26T09:00:00.000Z' } : c,
      ),
    }),
  ),
);

/** The pads did not fit a 2013 Honda Civic their listing claimed; the rotors claimed nothing. */
const claimed: Return = {
  ...requested,
  lines: [
    { productId: 't-pads', quantity: 1, reason: 'does_not_fit', outcome: null },
    { productId: 't-rotor', quantity: 2, reason: 'does_not_fit', outcome: null },
  ],
  vehicle: { year: 2013, make: 'Honda', model: 'Civic' },
  fitClaims: [
    {
      productId: 't-pads',
      from: 'vin',
      vin: '19XFB2F59DE012345',
      listed: 'fits',
      listsNow: 'fits',
      correctedAt: null,
    },
    {
      productId: 't-rotor',
      from: 'vin',
      vin: '19XFB2F59DE012345',
      listed: 'no',
      listsNow: 'no',
      correctedAt: null,
    },
  ],
};

beforeEach(() => {
  role = 'manager';
  returns = [requested];
});

const card = () => screen().querySelector('[data-testid="returns-desk"] > li') as HTMLElement;
const dialog = () => screen().querySelector('dialog[open]') as HTMLElement;

describe('the returns desk', () => {
  it('shows what comes back and why, and approves it with a note the customer reads', async () => {
    await renderPage(<ManageReturnsPage />);
    await waitFor(() => expect(card()?.textContent).toContain('2 × Brake Rotor: Damaged'));
    expect(card().textContent).toContain('1 × Brake Pad Set: Does not fit');
    expect(card().textContent).toContain("Customer's note: Wrong axle, sorry.");

    type(field('Note to the customer (optional)'), 'Send them in the original box.');
    await click('Approve');
    expect(dialog().textContent).toContain('Approve the return of TW-10042?');
    await click('Approve return', dialog());
    await shows('Return approved');
    expect(sent('POST', '/api/manage/returns/ret-1/decision')).toEqual([
      { approve: true, note: 'Send them in the original box.' },
    ]);
    await waitFor(() => expect(button('Mark received')).toBeDefined());
  });

  it('receives an approved return line by line: back on the shelf or written off', async () => {
    returns = [{ ...requested, status: 'approved', statusText: 'Approved' }];
    await renderPage(<ManageReturnsPage />);
    await waitFor(() => expect(field<HTMLSelectElement>('What happens to Brake Rotor')).toBeDefined());
    type(field<HTMLSelectElement>('What happens to Brake Rotor'), 'damaged');
    await click('Mark received');
    await click('Mark received', dialog());
    await shows('Parts received');
    expect(sent('POST', '/api/manage/returns/ret-1/received')).toEqual([
      {
        lines: [
          { productId: 't-pads', outcome: 'restock' },
          { productId: 't-rotor', outcome: 'damaged' },
        ],
      },
    ]);
  });

  it('refunds a received return for the amount the store works out, less the restocking fee', async () => {
    returns = [{ ...requested, status: 'received', statusText: 'Received' }];
    await renderPage(<ManageReturnsPage />);
    await waitFor(() => expect(button('Refund this return')).toBeDefined());
    await click('Refund this return');
    await waitFor(() => expect(button('Refund $134.98 to card', dialog())).toBeDefined());
    expect(dialog().textContent).toContain('Restocking fee');
    await click('Refund $134.98 to card', dialog());
    await shows('Return refunded');
    // To the card: no body, as before store credit.
    expect(sent('POST', '/api/manage/returns/ret-1/refund')).toEqual([undefined]);
  });

  it('gives a received return as store credit when asked (decision 100)', async () => {
    returns = [{ ...requested, status: 'received', statusText: 'Received' }];
    await renderPage(<ManageReturnsPage />);
    await waitFor(() => expect(button('Refund this return')).toBeDefined());
    await click('Refund this return');
    await waitFor(() => expect(button('Refund $134.98 to card', dialog())).toBeDefined());
    await tick(field('Give as store credit', dialog()));
    await click('Refund $134.98 as store credit', dialog());
    await shows('Return refunded as store credit');
    await waitFor(() =>
      expect(sent('POST', '/api/manage/returns/ret-1/refund')).toEqual([{ toStoreCredit: true }]),
    );
  });

  it('shows the fit claim beside the return: the vehicle, its VIN, and per part whether the listing was wrong', async () => {
    returns = [claimed];
    await renderPage(<ManageReturnsPage />);
    const panel = () => card().querySelector('[aria-label="Fit claim"]') as HTMLElement;
    await waitFor(() => expect(panel()?.textContent).toContain('Brake Pad Set'));
    expect(panel().textContent).toContain('Did not fit: 2013 Honda Civic');
    expect(panel().textContent).toContain('read from its VIN 19XFB2F59DE012345');
    expect(panel().querySelector('[data-testid="listing-t-pads"]')?.textContent).toBe('Wrong listing');
    expect(panel().textContent).toContain(
      'The listing says it fits this vehicle: no restocking fee on this part.',
    );
    expect(panel().querySelector('[data-testid="listing-t-rotor"]')?.textContent).toBe(
      'Listing made no claim',
    );
    expect(panel().textContent).toContain(
      'The listing does not say it fits this vehicle: the restocking fee applies.',
    );
  });

  it('corrects a wrong listing after a confirmation, and then says so', async () => {
    returns = [claimed];
    await renderPage(<ManageReturnsPage />);
    await waitFor(() => expect(button("Take 2013 Honda Civic out of this product's fitment")).toBeDefined());
    // Only the wrong listing offers it.
    expect(
      [...card().querySelectorAll('button')].filter((b) => b.textContent?.startsWith('Take 2013')),
    ).toHaveLength(1);
    await click("Take 2013 Honda Civic out of this product's fitment");
    expect(dialog().textContent).toContain('Take 2013 Honda Civic out of the fitment of Brake Pad Set?');
    await click('Correct the fitment', dialog());
    await shows('2013 Honda Civic taken out of the fitment of Brake Pad Set');
    expect(sent('POST', '/api/manage/returns/ret-1/fitment-correction')).toEqual([{ productId: 't-pads' }]);
    await waitFor(() => expect(card().textContent).toContain('Fitment corrected'));
    expect(card().textContent).toContain('Now: the listing does not say it fits this vehicle.');
    expect(() => button("Take 2013 Honda Civic out of this product's fitment")).toThrow();
  });

  it("offers staff no decision: approving and refunding are managers' work", async () => {
    role = 'staff';
    await renderPage(<ManageReturnsPage />);
    await waitFor(() => expect(card()?.textContent).toContain('Brake Rotor'));
    // The role has come back (a manager's buttons would show by now).
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));
    await waitFor(() => expect(screen().querySelector('textarea')).not.toBeNull());
    expect(() => button('Approve')).toThrow();
    expect(() => button('Refuse')).toThrow();
  });

  it('shows staff the claim but not the correction: editing products is not theirs', async () => {
    role = 'staff';
    returns = [claimed];
    await renderPage(<ManageReturnsPage />);
    await waitFor(() => expect(card()?.textContent).toContain('Wrong listing'));
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));
    await waitFor(() => expect(screen().querySelector('textarea')).not.toBeNull());
    expect(() => button("Take 2013 Honda Civic out of this product's fitment")).toThrow();
  });
});
