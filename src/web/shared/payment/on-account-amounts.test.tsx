import type { Order } from '@contract/orders';
import { paidOrder } from '@web/test/orders';
import { mockApi, renderPage, screen } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { CustomerOrderAmounts, customerPaidWith } from './on-account-amounts';

/** What went on the trade account's invoice of an order, and came back to it (decision 102), as the customer's pages show it. */

mockApi();

const rows = () =>
  [...screen().querySelectorAll('dl > div')].map(
    (d) => `${d.querySelector('dt')?.textContent}: ${d.querySelector('dd')?.textContent}`,
  );
const onAccount = (onAccountCents: number | undefined, storeCreditCents = 0): Order => ({
  ...paidOrder,
  transactionId: 'on-account-order-1',
  cardBrand: null,
  cardLast4: null,
  amounts: {
    ...paidOrder.amounts,
    storeCreditCents,
    ...(onAccountCents === undefined ? {} : { onAccountCents }),
  },
});

describe('on account on an order page', () => {
  it('shows the amounts as before when nothing went on account', async () => {
    await renderPage(<CustomerOrderAmounts order={paidOrder} />);
    expect(rows().at(-1)).toBe('Total: $56.59');
    expect(screen().querySelector('[data-testid="summary-on-account"]')).toBeNull();
    expect(customerPaidWith(paidOrder, 'Not paid yet')).toBe('Paid with visa ending 4242');
  });

  it('shows the whole total on account', async () => {
    const order = onAccount(5659);
    await renderPage(<CustomerOrderAmounts order={order} />);
    expect(rows().slice(-2)).toEqual(['Total: $56.59', 'On account: $56.59']);
    expect(customerPaidWith(order, 'Not paid yet')).toBe('Paid on account');
  });

  it('after store credit, shows the rest on account and no card', async () => {
    await renderPage(<CustomerOrderAmounts order={onAccount(4659, 1000)} />);
    expect(rows().slice(-2)).toEqual(['Paid with store credit: -$10.00', 'On account: $46.59']);
    expect(rows().some((r) => r.includes('card'))).toBe(false);
  });
});
