import { describe, expect, it } from 'vitest';
import { chargeStatusOf, moneyMachine, refundEvent } from './money-transitions';
import { orderMachine } from './order-transitions';
import { purchaseOrderMachine } from './purchasing';
import { returnMachine } from './return-transitions';
import { defineMachine, type Machine, TransitionRefused } from './state-machine';

/**
 * Every (state, event) pair of each machine, generated from its table: an allowed move leads to
 * the state the table declares, a refused one throws the coded refusal. The literal cases below
 * keep the walk from passing on an empty or wrong table.
 */
const machines = [orderMachine, moneyMachine, returnMachine, purchaseOrderMachine] as unknown as Machine<
  string,
  string,
  string
>[];

for (const machine of machines) {
  describe(`the ${machine.name} machine`, () => {
    const pairs = machine.states.flatMap((from) => machine.events.map((event) => ({ from, event })));
    const allowed = pairs.filter(({ from, event }) => machine.transitions[event]?.[from] !== undefined);
    const refused = pairs.filter(({ from, event }) => machine.transitions[event]?.[from] === undefined);

    it('has moves to walk and moves to refuse', () => {
      expect(allowed.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      expect(allowed.length + refused.length).toBe(machine.states.length * machine.events.length);
    });

    it.each(allowed)('$event from $from leads where the table says', ({ from, event }) => {
      expect(machine.can(from, event)).toBe(true);
      const to = machine.next(from, event);
      expect(to).toBe(machine.transitions[event]?.[from]);
      expect(machine.states).toContain(to);
      expect(machine.eventsFrom(from)).toContain(event);
      expect(machine.leaves(event)).toContain(from);
    });

    it.each(refused)('$event from $from is refused with its code', ({ from, event }) => {
      expect(machine.can(from, event)).toBe(false);
      const error = (() => {
        try {
          machine.next(from, event);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(TransitionRefused);
      expect(error).toMatchObject({ code: 'transition-refused', machine: machine.name, from, event });
      expect(machine.eventsFrom(from)).not.toContain(event);
    });

    it.each(machine.states)('offers from %s only actions whose event it may take', (state) => {
      for (const action of machine.offers(state)) {
        const { event, from } = machine.actions[action] ?? { event: '' };
        expect(machine.can(state, event), `${action} from ${state}`).toBe(true);
        if (from) expect(from).toContain(state);
      }
    });
  });
}

describe('what the machines say, literally', () => {
  const refusedWithCode = (run: () => unknown) => expect(run).toThrowError(TransitionRefused);

  it('the order: paid goes to pending, a delivered order is never cancelled, a refunded one never ships', () => {
    expect(orderMachine.next('unpaid', 'pay')).toBe('awaiting_shipment');
    expect(orderMachine.next('expired', 'pay')).toBe('awaiting_shipment');
    expect(orderMachine.next('partially_shipped', 'ship')).toBe('shipped');
    expect(orderMachine.next('partially_shipped', 'partial_refund_rest')).toBe('shipped');
    expect(orderMachine.next('shipped', 'partial_refund')).toBe('shipped');
    refusedWithCode(() => orderMachine.next('shipped', 'cancel'));
    refusedWithCode(() => orderMachine.next('refunded', 'ship'));
    refusedWithCode(() => orderMachine.next('partially_refunded', 'refund'));
    expect(orderMachine.eventsFrom('partially_refunded')).toEqual([]);
    expect(orderMachine.offers('unpaid')).toEqual(['pay', 'delete']);
    expect(orderMachine.offers('expired')).toEqual([]);
  });

  it('the money: charged once, refunded in parts, a refunded charge is not refunded again', () => {
    expect(moneyMachine.next('not_charged', 'charge')).toBe('charged');
    expect(moneyMachine.next('charged', 'refund_part')).toBe('partially_refunded');
    expect(moneyMachine.next('partially_refunded', 'refund_rest')).toBe('refunded');
    refusedWithCode(() => moneyMachine.next('refunded', 'refund_part'));
    refusedWithCode(() => moneyMachine.next('refunded', 'refund_rest'));
    refusedWithCode(() => moneyMachine.next('charged', 'charge'));
    refusedWithCode(() => moneyMachine.next('not_charged', 'refund_rest'));
    expect(moneyMachine.offers('charged')).toEqual(['refund']);
    expect(moneyMachine.offers('refunded')).toEqual([]);
    expect(moneyMachine.offers('not_charged')).toEqual([]);
  });

  it('the money: which refund the amounts make, and the status the API implies', () => {
    expect(refundEvent(1500, 1500)).toBe('refund_rest');
    expect(refundEvent(1499, 1500)).toBe('refund_part');
    expect(chargeStatusOf({ paid: false, refundState: 'none' })).toBe('not_charged');
    expect(chargeStatusOf({ paid: true, refundState: 'none' })).toBe('charged');
    expect(chargeStatusOf({ paid: true, refundState: 'partial' })).toBe('partially_refunded');
    expect(chargeStatusOf({ paid: true, refundState: 'full' })).toBe('refunded');
  });

  it('a return: decided once, received once, refunded once', () => {
    expect(returnMachine.next('requested', 'approve')).toBe('approved');
    expect(returnMachine.next('requested', 'refuse')).toBe('refused');
    expect(returnMachine.next('approved', 'receive')).toBe('received');
    expect(returnMachine.next('received', 'refund')).toBe('refunded');
    refusedWithCode(() => returnMachine.next('refused', 'receive'));
    refusedWithCode(() => returnMachine.next('approved', 'approve'));
    refusedWithCode(() => returnMachine.next('refunded', 'refund'));
    expect(returnMachine.offers('requested')).toEqual(['approve', 'refuse']);
    expect(returnMachine.offers('received')).toEqual(['refund']);
    expect(returnMachine.offers('refunded')).toEqual([]);
  });

  it('refuses a table that names a state it does not declare, or offers an action where its event is refused', () => {
    expect(() =>
      defineMachine({ name: 'bad', states: ['a', 'b'], transitions: { go: { a: 'c' as 'b' } } }),
    ).toThrow(/does not declare/);
    expect(() =>
      defineMachine({
        name: 'bad',
        states: ['a', 'b'],
        transitions: { go: { a: 'b' } },
        actions: { go: { event: 'go', from: ['b'] } },
      }),
    ).toThrow(/is not allowed/);
  });
});
