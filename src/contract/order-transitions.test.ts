import { describe, expect, it } from 'vitest';
import { offers, orderActions, orderMachine } from './order-transitions';
import { wireOrderStatuses } from './orders';

describe('the order actions the screens offer', () => {
  it('offers each action only from statuses its event may leave', () => {
    for (const [action, { event, from }] of Object.entries(orderActions)) {
      for (const status of from ?? orderMachine.leaves(event))
        expect(orderMachine.can(status, event), `${action} from ${status}`).toBe(true);
    }
  });

  it('reads the table for every status', () => {
    const offered = (status: (typeof wireOrderStatuses)[number]) =>
      (Object.keys(orderActions) as Array<keyof typeof orderActions>).filter((a) => offers(a, status));
    // The screens pass the status as the API sends it: `pending` is the code's awaiting_shipment.
    expect(Object.fromEntries(wireOrderStatuses.map((s) => [s, offered(s)]))).toEqual({
      unpaid: ['pay', 'delete'],
      pending: ['ship', 'shipSome', 'cancelPaid', 'askToCancel'],
      partially_shipped: ['shipSome'],
      shipped: [],
      cancelled: [],
      expired: [],
      refunded: [],
      partially_refunded: [],
    });
  });

  it('lets no event leave an order that ended, except a late payment', () => {
    for (const event of orderMachine.events) {
      if (event === 'pay') continue;
      expect(orderMachine.leaves(event), event).not.toContain('cancelled');
      expect(orderMachine.leaves(event), event).not.toContain('expired');
      expect(orderMachine.leaves(event), event).not.toContain('refunded');
    }
  });
});
