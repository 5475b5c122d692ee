import { describe, expect, it } from 'vitest';
import type { Db } from './kernel/db/database';
import type { Topics } from './kernel/outbox/outbox';
import { testConfig } from './test/harness';
import { storeOutbox } from './test/outbox';

const change = (event: string, to: Topics['order.status_changed']['to']): Topics['order.status_changed'] => ({
  orderId: 'o',
  event,
  from: null,
  to,
  at: '',
});

/** The outbox app.ts builds from the rooms' descriptors, for a store with or without a webhook address. */
const outboxOf = (webhook: boolean) =>
  storeOutbox(undefined as unknown as Db, {
    ...testConfig(),
    orderWebhook: webhook ? { url: 'http://127.0.0.1:9/hook', secret: undefined } : undefined,
  });

describe('the subscribers an event is queued for', () => {
  it('leaves the webhook out when no webhook address is set, and keeps it when one is', () => {
    expect(outboxOf(false).recipientsOf('order.status_changed', change('ship', 'shipped'))).toEqual([
      'order-mail',
    ]);
    expect(outboxOf(true).recipientsOf('order.status_changed', change('ship', 'shipped'))).toEqual([
      'order-webhook',
      'order-mail',
    ]);
  });

  it('tells the admins of a payment and of a customer asking to cancel or return, not of a placed order', () => {
    const outbox = outboxOf(false);
    expect(outbox.recipientsOf('order.status_changed', change('place', 'unpaid'))).toEqual(['order-mail']);
    expect(outbox.recipientsOf('order.status_changed', change('pay', 'pending'))).toEqual([
      'order-mail',
      'admin-notify',
    ]);
    for (const event of ['cancel_requested', 'return_requested'])
      expect(outbox.recipientsOf('order.status_changed', change(event, 'pending'))).toContain('admin-notify');
    // A payment that lands on an order that already ended (and is refunded) is nothing to ship.
    expect(outbox.recipientsOf('order.status_changed', change('pay', 'cancelled'))).toEqual(['order-mail']);
  });

  it('queues every other topic for all its subscribers', () => {
    const outbox = outboxOf(false);
    expect(outbox.recipientsOf('contact.received', { messageId: 'm' })).toEqual([
      'contact-mail',
      'admin-notify',
    ]);
    expect(outbox.recipientsOf('cart.reminder_due', { userId: 'u', remindedFor: 'r' })).toEqual([
      'cart-reminder-mail',
    ]);
    expect(outbox.recipientsOf('invoice.overdue', { invoiceId: 'i' })).toEqual(['account-statement-mail']);
    expect(outbox.recipientsOf('statement.ready', { userId: 'u', month: '2026-11' })).toEqual([
      'account-statement-mail',
    ]);
    expect(outbox.recipientsOf('quote.sent', { quoteId: 'q' })).toEqual(['quote-mail']);
  });

  it('has a subscriber for every topic, each subscriber named once', () => {
    const outbox = outboxOf(true);
    // Every topic, as a record so that a topic added to Topics does not compile until named here.
    const topics: Record<keyof Topics, true> = {
      'order.status_changed': true,
      'contact.received': true,
      'purchase_order.sent': true,
      'trade.application_decided': true,
      'contact.replied': true,
      'account.password_reset_requested': true,
      'account.email_confirmation_requested': true,
      'account.sign_up_repeated': true,
      'catalog.low_stock_digest': true,
      'cart.reminder_due': true,
      'invoice.overdue': true,
      'statement.ready': true,
      'quote.sent': true,
    };
    const subscribed = new Set<string>(outbox.subscriptions.flatMap((s) => s.topics));
    expect(Object.keys(topics).filter((t) => !subscribed.has(t))).toEqual([]);
    expect(outbox.subscriptions.map((s) => s.name).sort()).toEqual([
      'account-mail',
      'account-statement-mail',
      'admin-notify',
      'cart-reminder-mail',
      'contact-mail',
      'order-mail',
      'order-webhook',
      'purchase-order-mail',
      'quote-mail',
      'trade-application-mail',
    ]);
  });
});
