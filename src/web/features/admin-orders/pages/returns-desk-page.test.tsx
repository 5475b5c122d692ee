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
    { toolId: 't-pads', quantity: 1, reason: 'does_not_fit', outcome: null },
    { toolId: 't-rotor', quantity: 2, reason: 'damaged', outcome: null },
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
    { toolId: 't-pads', name: 'Brake Pad Set' },
    { toolId: 't-rotor', name: 'Brake Rotor' },
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
);

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
          { toolId: 't-pads', outcome: 'restock' },
          { toolId: 't-rotor', outcome: 'damaged' },
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
    expect(sent('POST', '/api/manage/returns/ret-1/refund')).toHaveLength(1);
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
});
