import { afterEach, describe, expect, it } from 'vitest';
import { recipientsOf, setOutboxInterest, type Topics } from './outbox';

const change = (event: string, to: Topics['order.status_changed']['to']): Topics['order.status_changed'] => ({
  orderId: 'o',
  event,
  from: null,
  to,
  at: '',
});

afterEach(() => setOutboxInterest({ orderWebhook: true }));

describe('the subscribers an event is queued for', () => {
  it('leaves the webhook out when no webhook address is set, and keeps it when one is', () => {
    setOutboxInterest({ orderWebhook: false });
    expect(recipientsOf('order.status_changed', change('ship', 'shipped'))).toEqual(['order-mail']);
    setOutboxInterest({ orderWebhook: true });
    expect(recipientsOf('order.status_changed', change('ship', 'shipped'))).toEqual([
      'order-webhook',
      'order-mail',
    ]);
  });

  it('tells the admins of a payment and of a customer asking to cancel or return, not of a placed order', () => {
    setOutboxInterest({ orderWebhook: false });
    expect(recipientsOf('order.status_changed', change('place', 'unpaid'))).toEqual(['order-mail']);
    expect(recipientsOf('order.status_changed', change('pay', 'pending'))).toEqual([
      'order-mail',
      'admin-notify',
    ]);
    for (const event of ['cancel_requested', 'return_requested'])
      expect(recipientsOf('order.status_changed', change(event, 'pending'))).toContain('admin-notify');
    // A payment that lands on an order that already ended (and is refunded) is nothing to ship.
    expect(recipientsOf('order.status_changed', change('pay', 'cancelled'))).toEqual(['order-mail']);
  });

  it('queues every other topic for all its subscribers', () => {
    setOutboxInterest({ orderWebhook: false });
    expect(recipientsOf('contact.received', { messageId: 'm' })).toEqual(['contact-mail', 'admin-notify']);
  });
});
