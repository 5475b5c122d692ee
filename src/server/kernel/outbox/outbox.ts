import { type SQL, sql } from 'drizzle-orm';
import type { WireOrderStatus } from '../../../contract/orders';
import type { Tx } from '../db';
import { outboxMessages } from '../db';

/**
 * The transactional outbox (docs/architecture.md, "Outbox"). A change that must reach the outside
 * world publishes a message inside its own transaction: if the change rolls back, so does the
 * message; if it commits, the job runner of some instance delivers it at least once.
 */

/** What each topic carries. */
export interface Topics {
  /** Statuses in the spec's words (`pending`), as the order webhook's receivers read them. */
  'order.status_changed': {
    orderId: string;
    event: string;
    from: WireOrderStatus | null;
    to: WireOrderStatus;
    at: string;
    /** The shipment or refund the event was about (its mail names it). */
    detailId?: string;
  };
  /** A visitor's contact message was stored (modules/contact). */
  'contact.received': { messageId: string };
  /** An admin answered a contact message; the reply is stored with it. */
  'contact.replied': { messageId: string; replyId: string };
  /**
   * Someone asked for a password reset link for this account. The token is sealed with the auth
   * secret (kernel/identity/account-messages.ts), so the queue does not hold a usable link in plain text.
   */
  /** Products are low on stock today: the daily digest for the admins who want it (modules/catalog/low-stock.ts). */
  'catalog.low_stock_digest': { day: string };
  'account.password_reset_requested': {
    userId: string;
    sealedToken: string;
    /** When the link stops working, shown in the mail. */
    expiresAt: string;
  };
  /** A new account must confirm its address (REQUIRE_EMAIL_VERIFICATION); the token is sealed likewise. */
  'account.email_confirmation_requested': { userId: string; sealedToken: string };
  /** Someone signed up with the address of an existing account (REQUIRE_EMAIL_VERIFICATION). */
  'account.sign_up_repeated': { userId: string };
  /** A purchase order was sent: it is mailed to the supplier's ordering address (modules/purchasing). */
  'purchase_order.sent': { purchaseOrderId: string };
  /** A shop's application for trade terms was approved or refused: the shop is mailed (modules/accounts). */
  'trade.application_decided': { applicationId: string };
  /** An invoice on account went past its due day unpaid (again a week later): the shop is reminded (modules/receivables). */
  'invoice.overdue': { invoiceId: string };
  /** Staff sent a customer a quote (decision 103): the customer is mailed its link (modules/orders). */
  'quote.sent': { quoteId: string };
  /** A month ended: the account's statement for it is mailed as a PDF (modules/receivables). */
  'statement.ready': { userId: string; month: string };
  /** A customer's cart sat untouched for a day since it last changed (edge/cart-reminders). */
  'cart.reminder_due': { userId: string; remindedFor: string };
}
export type Topic = keyof Topics;

/** A message of one of `T`'s topics as it is published: its topic and what that topic carries. */
export type Published<T extends Topic = Topic> = { [K in T]: { topic: K; payload: Topics[K] } }[T];

/** A message as a subscriber's handler receives it: its payload is the one its topic carries. */
export type OutboxMessage<T extends Topic = Topic> = {
  [K in T]: {
    id: number;
    subscriber: string;
    topic: K;
    /** Stable across redeliveries: the receiver's idempotency key. */
    key: string;
    payload: Topics[K];
    /** Deliveries started so far, this one included. */
    attempts: number;
    createdAt: Date;
  };
}[T];

/** What a handler gets besides the message: the claim's token and the end of its lease. */
export interface Delivery {
  /** The claim's fencing token: writes the delivery makes elsewhere carry it (mails.fence). */
  fence: number;
  /** Aborted when the lease is about to run out: stop, another runner may take the message over. */
  signal: AbortSignal;
}

export type MessageHandler<T extends Topic = Topic> = (
  message: OutboxMessage<T>,
  delivery: Delivery,
) => Promise<void>;

/**
 * One subscriber: its name (the `subscriber` of its rows, and its lane in the job runner), the
 * topics it receives and its handler, declared together by the room it belongs to (its module
 * descriptor), so no subscriber exists without a handler and no handler without its topics.
 * Subscribers are fixed in code, not configuration, so every instance writes the same rows.
 */
export interface Subscription<T extends Topic = Topic> {
  name: string;
  topics: readonly T[];
  /** Delivers one message; idempotent by the message's key (delivery is at least once). */
  handle(message: OutboxMessage<T>, delivery: Delivery): Promise<void>;
  /**
   * Whether this message is worth a row for this subscriber. A row for a subscriber that would
   * only mark it delivered costs a write, its index entries and a delivery, on the purchase path
   * above all: no webhook row without a webhook address, no admin notice for an order merely
   * placed. What the subscriber decides at delivery (an admin who turned notices off) still
   * counts as acting here, since it may change before the message is delivered. Absent: always.
   */
  wants?(message: Published<T>): boolean;
}

/** A subscription, its handler and `wants` typed by the topics it names. */
export function subscribe<T extends Topic>(
  name: string,
  topics: readonly T[],
  handle: MessageHandler<T>,
  wants?: (message: Published<T>) => boolean,
): Subscription<T> {
  return wants ? { name, topics, handle, wants } : { name, topics, handle };
}

/**
 * The outbox of one app: its subscribers, as the app's module descriptors declared them (app.ts
 * builds it once). Publishing asks it who will act on a message; the job runner delivers to them.
 */
export interface Outbox {
  readonly subscriptions: readonly Subscription[];
  /** The subscribers of `topic` that will act on this payload, in the order they were declared. */
  recipientsOf<T extends Topic>(topic: T, payload: Topics[T]): string[];
  /**
   * Calls `listener` with the subscribers each message is queued for, as it is queued (before its
   * transaction commits): the job runner of this instance polls their lanes again soon, however
   * long they were idle. Returns an unsubscribe.
   */
  onQueued?(listener: (subscribers: readonly string[]) => void): () => void;
}

export function createOutbox(subscriptions: readonly Subscription[]): Outbox {
  const names = new Set<string>();
  for (const { name } of subscriptions) {
    if (names.has(name)) throw new Error(`Two outbox subscribers are named ${name}`);
    names.add(name);
  }
  const listeners = new Set<(subscribers: readonly string[]) => void>();
  return {
    subscriptions,
    recipientsOf(topic, payload) {
      const names = subscriptions
        .filter((s) => s.topics.includes(topic) && (s.wants?.({ topic, payload } as Published) ?? true))
        .map((s) => s.name);
      // Every publishing path asks who acts on its message: the one place that sees them all.
      if (names.length > 0) for (const listener of listeners) listener(names);
      return names;
    },
    onQueued(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Queues `payload` for every subscriber of `topic` that will act on it (Outbox.recipientsOf). `key` names the event: publishing the same key
 * twice (a retried request) queues nothing more.
 */
export async function publish<T extends Topic>(
  tx: Tx,
  outbox: Outbox,
  topic: T,
  key: string,
  payload: Topics[T],
) {
  const statement = publishStatement(outbox, topic, key, payload);
  if (statement) await tx.execute(statement);
}

/**
 * The same as an SQL statement, for a caller that sends it inside one of its own (a data-modifying
 * WITH), saving a round trip; undefined when no subscriber will act on it.
 */
export function publishStatement<T extends Topic>(
  outbox: Outbox,
  topic: T,
  key: string,
  payload: Topics[T],
): SQL | undefined {
  const subscribers = outbox.recipientsOf(topic, payload);
  if (subscribers.length === 0) return undefined;
  const json = JSON.stringify(payload);
  const rows = subscribers.map((subscriber) => sql`(${subscriber}, ${topic}, ${key}, ${json}::jsonb)`);
  return sql`insert into ${outboxMessages} (subscriber, topic, key, payload) values ${sql.join(rows, sql`, `)}
    on conflict (subscriber, key) do nothing`;
}

/**
 * The same as part of a prepared statement (kernel/db/prepared.ts): a `messages` step of a WITH that
 * queues the message named by the placeholders `publishValues` fills, once for each row of
 * `source` (another step's name) if one is given. Its text is the same for every topic, key and
 * set of subscribers, so one prepared statement serves them all.
 */
export function publishStep(source?: SQL): SQL {
  const from = source ? sql` cross join ${source}` : sql``;
  return sql`messages as (
    insert into ${outboxMessages} (subscriber, topic, key, payload, run_after)
    select m.subscriber, ${sql.placeholder('outboxTopic')}, ${sql.placeholder('outboxKey')}, ${sql.placeholder('outboxPayload')}::jsonb,
      now() + m.delay_ms * interval '1 millisecond'
    from unnest(${sql.placeholder('outboxSubscribers')}::text[], ${sql.placeholder('outboxDelaysMs')}::bigint[]) as m(subscriber, delay_ms)${from}
    on conflict (subscriber, key) do nothing
  )`;
}

/**
 * The values of `publishStep`'s placeholders: the subscribers that will act (Outbox.recipientsOf), none
 * for nobody. `delays` holds a subscriber's message back (milliseconds from the commit's clock,
 * the database's): the message is delivered once that time passed, and the subscriber decides at
 * delivery what is still true (an order's waiting-for-payment mail, decision 073).
 */
export function publishValues<T extends Topic>(
  outbox: Outbox,
  topic: T,
  key: string,
  payload: Topics[T],
  delays: Partial<Record<string, number>> = {},
) {
  const subscribers = outbox.recipientsOf(topic, payload);
  return {
    outboxTopic: topic,
    outboxKey: key,
    outboxPayload: JSON.stringify(payload),
    outboxSubscribers: subscribers,
    outboxDelaysMs: subscribers.map((s) => Math.max(0, Math.round(delays[s] ?? 0))),
  };
}
