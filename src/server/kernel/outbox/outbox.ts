import { type SQL, sql } from 'drizzle-orm';
import type { WireOrderStatus } from '../../../contract/orders';
import type { Tx } from '../db/database';
import { outboxMessages } from '../db/schema';

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
   * secret (mail/subscribers/account-subscriber.ts), so the queue does not hold a usable link in plain text.
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
  /** A customer's cart sat untouched for a day since it last changed (modules/cart-reminders). */
  'cart.reminder_due': { userId: string; remindedFor: string };
}
export type Topic = keyof Topics;

/**
 * Who receives each topic. Subscribers are fixed in code, not configuration, so every instance
 * writes the same rows; a subscriber with nothing configured (no webhook address) marks its
 * messages delivered without sending anything. `order-mail` mails the customer (or, without an
 * SMTP server, keeps the mail in the admin Mailbox). `contact-mail` acknowledges a message and sends
 * an admin's reply; `admin-notify` mails the admins who want it about paid orders, new messages and (daily) low stock;
 * `account-mail` sends the mails about the account itself (the password reset link, the sign-up
 * confirmation); `cart-reminder-mail` reminds a customer of a cart left untouched.
 */
export const SUBSCRIBERS = {
  'order.status_changed': ['order-webhook', 'order-mail', 'admin-notify'],
  'contact.received': ['contact-mail', 'admin-notify'],
  'contact.replied': ['contact-mail'],
  'account.password_reset_requested': ['account-mail'],
  'account.email_confirmation_requested': ['account-mail'],
  'account.sign_up_repeated': ['account-mail'],
  'catalog.low_stock_digest': ['admin-notify'],
  'cart.reminder_due': ['cart-reminder-mail'],
} as const satisfies { [T in Topic]: readonly string[] };

/**
 * Every subscriber named above. The job runner takes one handler for each (SubscriberHandlers), so
 * a subscriber added here without a handler does not compile.
 */
export type Subscriber = (typeof SUBSCRIBERS)[Topic][number];

/** The topics one subscriber receives. */
export type TopicOf<S extends Subscriber> = {
  [T in Topic]: S extends (typeof SUBSCRIBERS)[T][number] ? T : never;
}[Topic];

/**
 * What the subscribers' own settings make of a message, where a setting lives in the process's
 * configuration: the webhook only acts when an address is set (ORDER_WEBHOOK_URL). Every instance
 * of a store runs with the same configuration, so every instance writes the same rows. Until an
 * app says otherwise every subscriber counts as acting: a row too many is delivered as a no-op, a
 * row too few would be a lost effect.
 */
export interface OutboxInterest {
  orderWebhook: boolean;
}
let interest: OutboxInterest = { orderWebhook: true };

/** Set once by the app at start-up from its configuration. */
export function setOutboxInterest(next: OutboxInterest) {
  interest = next;
}

/** The order events the admins hear about: a payment, and a customer asking for something. */
const ADMIN_REQUESTS = { cancel_requested: 'cancel', return_requested: 'return' } as const;
export function adminRequestOf(change: Topics['order.status_changed']): 'cancel' | 'return' | undefined {
  return ADMIN_REQUESTS[change.event as keyof typeof ADMIN_REQUESTS];
}
export const adminHearsOf = (change: Topics['order.status_changed']) =>
  (change.event === 'pay' && change.to === 'pending') || adminRequestOf(change) !== undefined;

/**
 * The subscribers of `topic` that will act on this payload. A row for a subscriber that would only
 * mark it delivered costs a write, its index entries and a delivery, on the purchase path above
 * all, so none is written: no webhook row without a webhook, no admin notice for an order merely
 * placed. What every subscriber decides at delivery (an admin who turned notices off) still counts
 * as acting here, since it may change before the message is delivered.
 */
export function recipientsOf<T extends Topic>(topic: T, payload: Topics[T]): Subscriber[] {
  return SUBSCRIBERS[topic].filter((subscriber: Subscriber) => {
    if (subscriber === 'order-webhook') return interest.orderWebhook;
    if (subscriber === 'admin-notify' && topic === 'order.status_changed')
      return adminHearsOf(payload as Topics['order.status_changed']);
    return true;
  });
}

/**
 * Queues `payload` for every subscriber of `topic` that will act on it (recipientsOf). `key` names the event: publishing the same key
 * twice (a retried request) queues nothing more.
 */
export async function publish<T extends Topic>(tx: Tx, topic: T, key: string, payload: Topics[T]) {
  const statement = publishStatement(topic, key, payload);
  if (statement) await tx.execute(statement);
}

/**
 * The same as an SQL statement, for a caller that sends it inside one of its own (a data-modifying
 * WITH), saving a round trip; undefined when no subscriber will act on it.
 */
export function publishStatement<T extends Topic>(
  topic: T,
  key: string,
  payload: Topics[T],
): SQL | undefined {
  const subscribers = recipientsOf(topic, payload);
  if (subscribers.length === 0) return undefined;
  const json = JSON.stringify(payload);
  const rows = subscribers.map((subscriber) => sql`(${subscriber}, ${topic}, ${key}, ${json}::jsonb)`);
  return sql`insert into ${outboxMessages} (subscriber, topic, key, payload) values ${sql.join(rows, sql`, `)}
    on conflict (subscriber, key) do nothing`;
}

/**
 * The same as part of a prepared statement (db/prepared.ts): a `messages` step of a WITH that
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
 * The values of `publishStep`'s placeholders: the subscribers that will act (recipientsOf), none
 * for nobody. `delays` holds a subscriber's message back (milliseconds from the commit's clock,
 * the database's): the message is delivered once that time passed, and the subscriber decides at
 * delivery what is still true (an order's waiting-for-payment mail, decision 073).
 */
export function publishValues<T extends Topic>(
  topic: T,
  key: string,
  payload: Topics[T],
  delays: Partial<Record<Subscriber, number>> = {},
) {
  const subscribers = recipientsOf(topic, payload);
  return {
    outboxTopic: topic,
    outboxKey: key,
    outboxPayload: JSON.stringify(payload),
    outboxSubscribers: subscribers,
    outboxDelaysMs: subscribers.map((s) => Math.max(0, Math.round(delays[s] ?? 0))),
  };
}

/** A message as a subscriber's handler receives it: its payload is the one its topic carries. */
export type OutboxMessage<T extends Topic = Topic> = {
  [K in T]: {
    id: number;
    subscriber: Subscriber;
    topic: K;
    /** Stable across redeliveries: the receiver's idempotency key. */
    key: string;
    payload: Topics[K];
    /** Deliveries started so far, this one included. */
    attempts: number;
    createdAt: Date;
  };
}[T];
