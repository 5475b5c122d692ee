import { returnStatuses } from './after-sale';
import { defineMachine } from './state-machine';

/**
 * A return as a machine: asked for, approved or refused by staff, received (the parts are back),
 * refunded. A core return (old parts for their core charge) opens approved when the customer
 * sends the parts and received when staff take them at the desk (`returnOpensAs`), then goes the
 * same way. The returns desk's buttons are this machine's actions.
 */
export const returnMachine = defineMachine({
  name: 'return',
  states: returnStatuses,
  transitions: {
    approve: { requested: 'approved' },
    refuse: { requested: 'refused' },
    receive: { approved: 'received' },
    refund: { received: 'refunded' },
  },
  actions: {
    approve: { event: 'approve' },
    refuse: { event: 'refuse' },
    receive: { event: 'receive' },
    refund: { event: 'refund' },
  },
});

export type ReturnEvent = (typeof returnMachine.events)[number];

/** The status each kind of return opens with. */
export const returnOpensAs = {
  parts: 'requested',
  coreByPost: 'approved',
  coreAtDesk: 'received',
} as const satisfies Record<string, (typeof returnStatuses)[number]>;
