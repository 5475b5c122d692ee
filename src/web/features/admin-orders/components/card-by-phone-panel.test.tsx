import type { DeskOrder, Order } from '@contract/orders';
import { useOrderDetails } from '@web/shared/orders/order-details';
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
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { CardByPhonePanel } from './card-by-phone-panel';

const manager = { id: 'm1', email: 'mia@torque.example', name: 'Mia Manager', image: null };
let role: 'owner' | 'manager' | 'staff';
let testMode: boolean;
let order: DeskOrder;

const unpaid = (): Order => ({ ...paidOrder, paid: false, status: 'unpaid' });
/** Paid by card, then a $12.34 part added (decision 104): it ships once that is paid. */
const owing = (): Order => ({
  ...paidOrder,
  amounts: { ...paidOrder.amounts, totalCents: paidOrder.amounts.totalCents + 1234, balanceDueCents: 1234 },
});

mockApi(
  http.get('/api/auth/get-session', () => json({ user: manager })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get('/api/store', () =>
    json({
      brand: 'TorqueWorks',
      wordmark: 'Torque Works',
      contact: { email: '', phone: '', address: '' },
      portfolio: { name: '', role: '', bio: [], projects: [] },
      testMode,
    }),
  ),
  http.get(`/api/manage/${paidOrder._id}`, () => json(order)),
  http.post(`/api/manage/${paidOrder._id}/card-by-phone`, () => {
    order = paidOrder;
    return json(order);
  }),
);

beforeEach(() => {
  role = 'manager';
  testMode = true;
  order = unpaid();
});

function Harness() {
  const { data } = useOrderDetails(paidOrder._id, true);
  if (!data) return null;
  return (
    <div>
      <p data-testid="paid">{data.paid ? 'paid' : 'unpaid'}</p>
      <CardByPhonePanel order={data} />
    </div>
  );
}

const open = async () => {
  await renderPage(<Harness />);
  await waitFor(() => expect(screen().querySelector('[data-testid="paid"]')).not.toBeNull());
  await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));
  await waitFor(() => expect(calls.some((c) => c.path === '/api/store')).toBe(true));
};

const fillCard = (number: string) => {
  type(field('Name on the card'), 'Kim Garage');
  type(field('Card number'), number);
  type(field('Expiry (MM/YY)'), '12/40');
  type(field('CVC'), '123');
};

describe('a card taken by phone', () => {
  it('charges the card for the unpaid order and shows it paid', async () => {
    await open();
    await shows('Card by phone');
    fillCard('4242 4242 4242 4242');
    await click('Charge the card');
    await waitFor(() => expect(screen().querySelector('[data-testid="paid"]')?.textContent).toBe('paid'));
    expect(sent('POST', `/api/manage/${paidOrder._id}/card-by-phone`)).toEqual([
      { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Kim Garage' },
    ]);
  });

  it('says a declined card in the store’s words, and sends nothing for a card it cannot read', async () => {
    answer(
      http.post(`/api/manage/${paidOrder._id}/card-by-phone`, () =>
        refusal(402, 'PAYMENT_FAILED', 'Your card was declined.'),
      ),
    );
    await open();
    await shows('Card by phone');
    fillCard('4000 0000 0000 0002');
    await click('Charge the card');
    await waitFor(() =>
      expect(screen().querySelector('[role="alert"]')?.textContent).toBe('Your card was declined.'),
    );
    type(field('Expiry (MM/YY)'), '13/4');
    await click('Charge the card');
    expect(sent('POST', `/api/manage/${paidOrder._id}/card-by-phone`)).toHaveLength(1);
  });

  it('charges what parts added to a paid order left to pay, naming it', async () => {
    order = owing();
    await open();
    await shows('Card by phone');
    expect(text()).toContain('charged the $12.34 the parts added to this order left to pay');
    expect(() => button('Charge the card')).toThrow();
    fillCard('4242 4242 4242 4242');
    await click('Charge $12.34 for the parts added');
    await shows(`The parts added to ${paidOrder.number} are paid for`);
    expect(sent('POST', `/api/manage/${paidOrder._id}/card-by-phone`)).toEqual([
      { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Kim Garage' },
    ]);
    // The order read back owes nothing: the panel goes.
    await waitFor(() => expect(screen().textContent).not.toContain('Card by phone'));
  });

  it('is not offered outside test mode, on a paid order owing nothing, nor to staff', async () => {
    for (const [mode, shown, who] of [
      [false, unpaid(), 'manager'],
      [false, owing(), 'manager'],
      [true, paidOrder, 'manager'],
      [true, owing(), 'staff'],
      [true, unpaid(), 'staff'],
    ] as const) {
      testMode = mode;
      order = shown;
      role = who;
      await open();
      expect(screen().textContent).not.toContain('Card by phone');
    }
  });
});
