import { formatCents } from '@contract/money';
import type { DeskOrder, Order } from '@contract/orders';
import { staffOrderMessages } from '@contract/staff-orders';
import { useOrderDetails } from '@web/shared/orders/order-details';
import { paidOrder, staffView } from '@web/test/orders';
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
  text,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { AddPartsPanel } from './add-parts-panel';

const manager = { id: 'm1', email: 'mia@torque.example', name: 'Mia Manager', image: null };
const PADS = '7b0c3f8e-2a41-4c52-9e1d-1f2a3b4c5d6e';
let role: 'owner' | 'manager' | 'staff';
let order: DeskOrder;

/** Paid on account, waiting to ship: parts may be added. */
const onAccount = (): Order => ({
  ...paidOrder,
  amounts: { ...paidOrder.amounts, onAccountCents: paidOrder.amounts.totalCents },
});
/** The same order with two pads added, as the store answers. */
const grown = (): Order => ({
  ...onAccount(),
  amounts: {
    ...onAccount().amounts,
    totalCents: paidOrder.amounts.totalCents + 9198,
    onAccountCents: paidOrder.amounts.totalCents + 9198,
  },
});

mockApi(
  http.get('/api/auth/get-session', () => json({ user: manager })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get(`/api/manage/${paidOrder._id}`, () => json(order)),
  http.get('/api/tool', () => json([{ _id: PADS, name: 'Ceramic brake pads' }])),
  http.post(`/api/manage/${paidOrder._id}/lines`, () => {
    order = grown();
    return json(order);
  }),
);

beforeEach(() => {
  role = 'manager';
  order = onAccount();
});

/** The panel on an order as the staff's order page reads it, with the order's total beside it. */
function Harness() {
  const { data } = useOrderDetails(paidOrder._id, true);
  if (!data) return null;
  return (
    <div>
      <p data-testid="total">{'amounts' in data ? formatCents(data.amounts.totalCents) : 'no money'}</p>
      <AddPartsPanel order={data} />
    </div>
  );
}

const open = async () => {
  await renderPage(<Harness />);
  await waitFor(() => expect(screen().querySelector('[data-testid="total"]')).not.toBeNull());
  await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));
};

const addPads = async (quantity: string) => {
  // The panel shows once the role is known.
  await waitFor(() => expect(() => field('Find a part')).not.toThrow());
  type(field('Find a part'), 'pads');
  await click('Search');
  await shows('Add Ceramic brake pads');
  await click('Add Ceramic brake pads');
  type(field('Quantity of Ceramic brake pads'), quantity);
};

describe('adding parts to an order before it ships', () => {
  it('adds the parts to an order on account and shows the order as the store now has it', async () => {
    await open();
    await shows('Add parts');
    expect(screen().querySelector('[data-testid="add-parts-cost"]')?.textContent).toContain(
      'charged to their account with this order, on its invoice',
    );
    expect(screen().querySelector('[data-testid="total"]')?.textContent).toBe(
      formatCents(paidOrder.amounts.totalCents),
    );
    await addPads('2');
    await click('Add to order');
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="total"]')?.textContent).toBe(
        formatCents(paidOrder.amounts.totalCents + 9198),
      ),
    );
    expect(sent('POST', `/api/manage/${paidOrder._id}/lines`)).toEqual([
      { lines: [{ productId: PADS, quantity: 2 }] },
    ]);
    await shows(`Parts added to ${paidOrder.number}`);
    expect(screen().querySelectorAll('[data-testid="part-line"]')).toHaveLength(0);
  });

  it('takes parts on an order paid by card, whose customer is mailed to pay the difference', async () => {
    order = paidOrder;
    answer(
      http.post(`/api/manage/${paidOrder._id}/lines`, () => {
        order = {
          ...paidOrder,
          amounts: {
            ...paidOrder.amounts,
            totalCents: paidOrder.amounts.totalCents + 9198,
            balanceDueCents: 9198,
          },
        };
        return json(order);
      }),
    );
    await open();
    await shows('Add parts');
    expect(screen().querySelector('[data-testid="add-parts-cost"]')?.textContent).toContain(
      'the customer is mailed to pay the difference; the order ships once it is paid',
    );
    await addPads('2');
    await click('Add to order');
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="total"]')?.textContent).toBe(
        formatCents(paidOrder.amounts.totalCents + 9198),
      ),
    );
    expect(sent('POST', `/api/manage/${paidOrder._id}/lines`)).toEqual([
      { lines: [{ productId: PADS, quantity: 2 }] },
    ]);
  });

  it("says the store's refusal of a guest's order in its words", async () => {
    order = paidOrder;
    answer(
      http.post(`/api/manage/${paidOrder._id}/lines`, () =>
        refusal(409, 'CONFLICT', staffOrderMessages.guestOrder),
      ),
    );
    await open();
    await addPads('1');
    await click('Add to order');
    await waitFor(() =>
      expect(screen().querySelector('[role="alert"]')?.textContent).toBe(staffOrderMessages.guestOrder),
    );
  });

  it('says the store refusal in words', async () => {
    answer(
      http.post(`/api/manage/${paidOrder._id}/lines`, () =>
        refusal(409, 'CONFLICT', staffOrderMessages.refunded),
      ),
    );
    await open();
    await addPads('1');
    await click('Add to order');
    await waitFor(() =>
      expect(screen().querySelector('[role="alert"]')?.textContent).toBe(staffOrderMessages.refunded),
    );
  });

  it('asks for a whole number of each part', async () => {
    await open();
    await addPads('two');
    await click('Add to order');
    await shows('Enter how many of Ceramic brake pads as a whole number, 1 or more.');
    expect(sent('POST', `/api/manage/${paidOrder._id}/lines`)).toEqual([]);
  });

  it('is not offered on an order shipped or unpaid, nor to staff', async () => {
    for (const shown of [
      { ...paidOrder, status: 'shipped' } as Order,
      { ...onAccount(), status: 'shipped' } as Order,
      { ...onAccount(), paid: false, status: 'unpaid' } as Order,
    ]) {
      order = shown;
      await open();
      expect(text()).not.toContain('Add parts');
    }
    role = 'staff';
    order = staffView(onAccount());
    await open();
    expect(text()).not.toContain('Add parts');
  });
});
