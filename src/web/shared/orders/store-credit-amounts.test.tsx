import type { Order } from '@contract/orders';
import { paidOrder } from '@web/test/orders';
import { mockApi, renderPage, screen } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { OrderAmounts } from './order-parts';
import { RefundList } from './shipments-refunds';

/** What store credit paid of an order and gave back of it (decision 100), as the customer's and staff's order pages show it. */

mockApi();

const rows = () =>
  [...screen().querySelectorAll('[data-testid="order-summary"] > div')].map(
    (d) => `${d.querySelector('dt')?.textContent}: ${d.querySelector('dd')?.textContent}`,
  );
const withCredit = (storeCreditCents: number, paid = true): Order => ({
  ...paidOrder,
  paid,
  amounts: { ...paidOrder.amounts, storeCreditCents },
});

describe('store credit on an order page', () => {
  it('shows no store credit line when none paid the order', async () => {
    await renderPage(<OrderAmounts order={withCredit(0)} />);
    expect(rows().some((r) => r.includes('store credit'))).toBe(false);
    expect(rows().some((r) => r.includes('card'))).toBe(false);
  });

  it('shows what store credit paid and what the card paid', async () => {
    const order = withCredit(1000);
    await renderPage(<OrderAmounts order={order} />);
    const rest = order.amounts.totalCents - 1000;
    expect(rows().slice(-2)).toEqual([
      'Paid with store credit: -$10.00',
      `Paid by card: $${(rest / 100).toFixed(2)}`,
    ]);
  });

  it('on an unpaid order says what is left to pay by card', async () => {
    await renderPage(<OrderAmounts order={withCredit(1000, false)} />);
    expect(rows().at(-1)).toMatch(/^To pay by card: \$/);
  });

  it('paid in full by store credit, no card line', async () => {
    const order = withCredit(paidOrder.amounts.totalCents);
    await renderPage(<OrderAmounts order={order} />);
    expect(rows().at(-1)).toMatch(/^Paid with store credit: -\$/);
    expect(rows().some((r) => r.includes('card'))).toBe(false);
  });

  it('lists a refund given as store credit with its amount', async () => {
    const refund = {
      id: 'r1',
      status: 'succeeded' as const,
      amountCents: 2500,
      goodsCents: 2500,
      coreCents: 0,
      taxCents: 0,
      shippingCents: 0,
      otherCents: 0,
      lines: [],
      restock: false,
      reason: 'Changed mind',
      storeCreditCents: 2500,
      failure: null,
      at: '2026-11-02T10:00:00.000Z',
    };
    await renderPage(
      <RefundList
        order={{ ...paidOrder, refunds: [refund, { ...refund, id: 'r2', storeCreditCents: 0 }] }}
        admin={false}
        creditNotes={false}
      />,
    );
    const items = [...screen().querySelectorAll('[data-testid="refunds"] > li')];
    expect(items[0]?.querySelector('[data-testid="refund-store-credit"]')?.textContent).toBe(
      '$25.00 as store credit',
    );
    expect(items[1]?.querySelector('[data-testid="refund-store-credit"]')).toBeNull();
  });
});
