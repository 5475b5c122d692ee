/**
 * The ladder of the server (docs/architecture.md opens with it; docs/decisions/083-the-ladder.md):
 * its rooms, floor by floor and rung by rung from the ground up. A room is a folder (or, on the top
 * floor, one file). A file may import a file of its own room, anything of src/contract, or the face
 * (`index.ts`) of a room on a lower rung; never a room on its own rung or above, never past a face.
 * The ladder test (ladder.test.ts) reads every import, runtime and type alike, and fails on any
 * arrow against this list, on any loop of rooms or of files, and on a file that is in no room.
 */
export interface Floor {
  name: string;
  /** What the floor holds, as docs/architecture.md says it. */
  holds: string;
  /** Its rungs, lowest first; the rooms of one rung never import each other. */
  rungs: readonly (readonly string[])[];
}

export const LADDER: readonly Floor[] = [
  {
    name: 'contract',
    holds: 'src/contract: the wire shapes, words and rules the server and the web app share',
    rungs: [['contract']],
  },
  {
    name: 'kernel',
    holds:
      'the ground every module stands on: errors, the database, HTTP helpers, the outbox, jobs, configuration, limits, identity, audit, settings, mail delivery',
    rungs: [
      ['kernel/errors', 'kernel/db'],
      ['kernel/http', 'kernel/audit'],
      ['kernel/outbox'],
      ['kernel/jobs'],
      ['kernel/config'],
      ['kernel/limits', 'kernel/settings', 'kernel/mail-delivery'],
      ['kernel/identity'],
    ],
  },
  {
    name: 'modules',
    holds: 'the store’s domains, each its tables and the rules that write them',
    rungs: [
      [
        'modules/addresses',
        'modules/contact',
        'modules/credit',
        'modules/inventory',
        'modules/receivables',
        'modules/uploads',
        'modules/vehicles',
      ],
      ['modules/accounts', 'modules/catalog'],
      ['modules/discounts'],
      ['modules/pricing'],
      ['modules/orders', 'modules/cart'],
      ['modules/payments', 'modules/reviews'],
      ['modules/books', 'modules/purchasing'],
    ],
  },
  {
    name: 'flows',
    holds: 'what crosses orders, payments, prices and stock: placing an order, checkout, paying, refunds',
    rungs: [['flows']],
  },
  {
    name: 'edge',
    holds: 'what faces the outside: the API and its guard, pages, mails, notices, webhooks',
    rungs: [
      ['edge/mail', 'edge/webhooks', 'edge/pages', 'edge/health', 'edge/store', 'edge/manage'],
      ['edge/notifications', 'edge/cart-reminders'],
      ['edge/api'],
    ],
  },
  {
    name: 'top',
    holds:
      'app.ts assembles the store from the descriptors; the seed; this file; main.ts and the command line start it',
    rungs: [
      ['app.ts', 'seed', 'ladder.ts'],
      ['main.ts', 'cli'],
    ],
  },
];
