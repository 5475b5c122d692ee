import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { outboxMessages } from '../../db/schema';

/**
 * The transactional outbox (docs/architecture.md, "Outbox"). A change that must reach the outside
 * world publishes a message inside its own transaction: if the change rolls back, so does the
 * message; if it commits, the job runner of some instance delivers it at least once.
 */

/** What each topic carries. */
export interface Topics {
  'order.status_changed': {
    orderId: string;
    event: string;
    from: string | null;
    to: string;
    at: string;
  };
  /** A visitor's contact message was stored (modules/contact). */
  'contact.received': { messageId: string };
  /** An admin answered a contact message; the reply is stored with it. */
  'contact.replied': { messageId: string; replyId: string };
  /**
   * Someone asked for a password reset link for this account. The token is sealed with the auth
   * secret (account-mail.ts), so the queue does not hold a usable link in plain text.
   */
  'account.password_reset_requested': {
    userId: string;
    sealedToken: string;
    /** When the link stops working, shown in the mail. */
    expiresAt: string;
  };
}
export type Topic = keyof Topics;

/**
 * Who receives each topic. Subscribers are fixed in code, not configuration, so every instance
 * writes the same rows; a subscriber with nothing configured (no webhook address) marks its
 * messages delivered without sending anything. `order-mail` mails the customer (or, without an
 * SMTP server, keeps the mail in the admin Mailbox). `contact-mail` acknowledges a message and sends
 * an admin's reply; `admin-notify` mails the admins who want it about paid orders and new messages;
 * `account-mail` sends the mails about the account itself (the password reset link).
 */
export const SUBSCRIBERS: { [T in Topic]: readonly string[] } = {
  'order.status_changed': ['order-webhook', 'order-mail', 'admin-notify'],
  'contact.received': ['contact-mail', 'admin-notify'],
  'contact.replied': ['contact-mail'],
  'account.password_reset_requested': ['account-mail'],
};

/**
 * Queues `payload` for every subscriber of `topic`. `key` names the event: publishing the same key
 * twice (a retried request) queues nothing more.
 */
export async function publish<T extends Topic>(tx: Tx, topic: T, key: string, payload: Topics[T]) {
  const statement = publishStatement(topic, key, payload);
  if (statement) await tx.execute(statement);
}

/**
 * The same as an SQL statement, for a caller that sends it inside one of its own (a data-modifying
 * WITH), saving a round trip; undefined when the topic has no subscriber.
 */
export function publishStatement<T extends Topic>(
  topic: T,
  key: string,
  payload: Topics[T],
): SQL | undefined {
  const subscribers = SUBSCRIBERS[topic];
  if (subscribers.length === 0) return undefined;
  const json = JSON.stringify(payload);
  const rows = subscribers.map((subscriber) => sql`(${subscriber}, ${topic}, ${key}, ${json}::jsonb)`);
  return sql`insert into ${outboxMessages} (subscriber, topic, key, payload) values ${sql.join(rows, sql`, `)}
    on conflict (subscriber, key) do nothing`;
}

/** A message as a subscriber's handler receives it. */
export interface OutboxMessage {
  id: number;
  subscriber: string;
  topic: string;
  /** Stable across redeliveries: the receiver's idempotency key. */
  key: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
}
