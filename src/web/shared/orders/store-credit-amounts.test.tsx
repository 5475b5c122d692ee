import type { Order } from '@contract/orders';
import { paidOrder } from '@web/test/orders';
import { mockApi, renderPage, screen } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { OrderAmounts, paidWith } from './order-parts';
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

  it('lists a refund that went back to the trade account as taken off the invoice', async () => {
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
      storeCreditCents: 0,
      onAccountCents: 2500,
      failure: null,
      at: '2026-11-02T10:00:00.000Z',
    };
    await renderPage(
      <RefundList
        order={{ ...paidOrder, refunds: [refund, { ...refund, id: 'r2', onAccountCents: 0 }] }}
        admin
      />,
    );
    const items = [...screen().querySelectorAll('[data-testid="refunds"] > li')];
    expect(items[0]?.querySelector('[data-testid="refund-on-account"]')?.textContent).toBe(
      '$25.00 taken off the invoice',
    );
    expect(items[0]?.querySelector('[data-testid="refund-store-credit"]')).toBeNull();
    expect(items[1]?.querySelector('[data-testid="refund-on-account"]')).toBeNull();
  });

  it('lists a refund taken off what parts added still owed as no longer owed', async () => {
    const refund = {
      id: 'r1',
      status: 'succeeded' as const,
      amountCents: 2140,
      goodsCents: 2000,
      coreCents: 0,
      taxCents: 140,
      shippingCents: 0,
      otherCents: 0,
      lines: [],
      restock: true,
      reason: 'Not needed after all',
      storeCreditCents: 0,
      balanceCents: 2140,
      failure: null,
      at: '2026-11-02T10:00:00.000Z',
    };
    await renderPage(
      <RefundList
        order={{ ...paidOrder, refunds: [refund, { ...refund, id: 'r2', balanceCents: 0 }] }}
        admin
      />,
    );
    const items = [...screen().querySelectorAll('[data-testid="refunds"] > li')];
    expect(items[0]?.querySelector('[data-testid="refund-balance"]')?.textContent).toBe(
      '$21.40 no longer owed for parts added',
    );
    expect(items[1]?.querySelector('[data-testid="refund-balance"]')).toBeNull();
  });
});

/** The part charged to a trade account's invoice (decision 102), as the staff's order page shows it. */
describe('on account on the staff order page', () => {
  const onAccount = (onAccountCents: number, storeCreditCents = 0): Order => ({
    ...paidOrder,
    cardBrand: null,
    cardLast4: null,
    amounts: { ...paidOrder.amounts, storeCreditCents, onAccountCents },
  });
  const allRows = () =>
    [...screen().querySelectorAll('dl > div')].map(
      (d) => `${d.querySelector('dt')?.textContent}: ${d.querySelector('dd')?.textContent}`,
    );

  it('shows the whole total on account, and says it was paid on account', async () => {
    const order = onAccount(paidOrder.amounts.totalCents);
    await renderPage(<OrderAmounts order={order} />);
    expect(allRows().slice(-2)).toEqual(['Total: $56.59', 'On account: $56.59']);
    expect(paidWith(order, 'Not paid')).toBe('Paid on account');
  });

  it('after store credit, shows the rest on account and no card', async () => {
    await renderPage(<OrderAmounts order={onAccount(4659, 1000)} />);
    expect(allRows().slice(-2)).toEqual(['Paid with store credit: -$10.00', 'On account: $46.59']);
    expect(allRows().some((r) => r.includes('card'))).toBe(false);
  });

  it('shows no on-account row for an order paid by card', async () => {
    await renderPage(<OrderAmounts order={paidOrder} />);
    expect(screen().querySelector('[data-testid="summary-on-account"]')).toBeNull();
    expect(paidWith(paidOrder, 'Not paid')).toBe('Paid with visa ending 4242');
  });
});

/** Parts added after a card payment (decision 104), as the customer's and staff's order pages show them. */
describe('a balance due for parts added', () => {
  const allRows = () =>
    [...screen().querySelectorAll('dl > div')].map(
      (d) => `${d.querySelector('dt')?.textContent}: ${d.querySelector('dd')?.textContent}`,
    );

  it('shows what is left to pay under the total while it is owed', async () => {
    const total = paidOrder.amounts.totalCents + 1234;
    await renderPage(
      <OrderAmounts
        order={{ ...paidOrder, amounts: { ...paidOrder.amounts, totalCents: total, balanceDueCents: 1234 } }}
      />,
    );
    expect(allRows().slice(-2)).toEqual(['Total: $68.93', 'Left to pay for parts added: $12.34']);
  });

  it('shows no such row once it is paid', async () => {
    await renderPage(<OrderAmounts order={paidOrder} />);
    expect(screen().querySelector('[data-testid="summary-balance-due"]')).toBeNull();
  });
});
