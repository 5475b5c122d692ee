import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isUuid } from '../../../contract/ids';
import type { InboxList, InboxMessage, InboxReplyInput, InboxUpdate } from '../../../contract/inbox';
import { recordAudit } from '../../kernel/audit';
import type { Db } from '../../kernel/db';
import { contactMessages, contactReplies } from '../../kernel/db';
import { notFound } from '../../kernel/errors';
import type { Outbox } from '../../kernel/outbox';
import { publish } from '../../kernel/outbox';

/**
 * The admin Inbox: contact messages newest first, read and handled marks, and replies. A reply is
 * stored with its outbox event and its audit row in one transaction; the `contact-mail` subscriber
 * mails it. A mark that changes something is audited too.
 */

type MessageRow = typeof contactMessages.$inferSelect;

const EXCERPT_CHARS = 160;

const iso = (d: Date | null) => d?.toISOString() ?? null;

const base = (row: MessageRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  readAt: iso(row.readAt),
  handledAt: iso(row.handledAt),
});

export async function unreadCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

/** The latest messages, newest first, with how many replies each has had. */
export async function listInbox(db: Db, limit = 200): Promise<InboxList> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({ messageId: contactReplies.messageId, n: count() })
          .from(contactReplies)
          .where(
            inArray(
              contactReplies.messageId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(contactReplies.messageId);
  const replies = new Map(counts.map((c) => [c.messageId, Number(c.n)]));
  return {
    unread: await unreadCount(db),
    messages: rows.map((row) => ({
      ...base(row),
      excerpt: row.message.length > EXCERPT_CHARS ? `${row.message.slice(0, EXCERPT_CHARS)}…` : row.message,
      replyCount: replies.get(row.id) ?? 0,
    })),
  };
}

export async function findContactMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/**
 * Whether the same address wrote within the hour before this message. The answer depends only on
 * earlier messages, so a redelivered outbox message decides the same way.
 */
export async function wroteWithinAnHourBefore(db: Db, row: MessageRow): Promise<boolean> {
  const [earlier] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.email, row.email),
        lt(contactMessages.createdAt, row.createdAt),
        gte(contactMessages.createdAt, sql`${row.createdAt.toISOString()}::timestamptz - interval '1 hour'`),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

export async function findContactReply(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(contactReplies).where(eq(contactReplies.id, id));
  return row;
}

/** One message with its replies, oldest first. Reading it does not mark it read (see markInbox). */
export async function getInboxMessage(db: Db, id: string): Promise<InboxMessage> {
  const row = await findContactMessage(db, id);
  if (!row) throw notFound('Message');
  const replies = await db
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return {
    ...base(row),
    message: row.message,
    replyCount: replies.length,
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      adminName: r.adminName,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Marks a message read or unread, handled or open. Marking read twice keeps the first time it was
 * read (coalesce), so the time shown is when an admin first opened it.
 */
export async function markInbox(db: Db, id: string, update: InboxUpdate): Promise<InboxMessage> {
  if (!isUuid(id)) throw notFound('Message');
  const set: Partial<Record<'readAt' | 'handledAt', ReturnType<typeof sql> | null>> = {};
  if (update.read !== undefined)
    set.readAt = update.read ? sql`coalesce(${contactMessages.readAt}, now())` : null;
  if (update.handled !== undefined)
    set.handledAt = update.handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ readAt: contactMessages.readAt, handledAt: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!before) throw notFound('Message');
    const [after] = await tx
      .update(contactMessages)
      .set(set)
      .where(eq(contactMessages.id, id))
      .returning({ readAt: contactMessages.readAt, handledAt: contactMessages.handledAt });
    if (!after) throw notFound('Message');
    const marks = (r: typeof before) => ({ read: r.readAt !== null, handled: r.handledAt !== null });
    const was = marks(before);
    const now = marks(after);
    if (was.read !== now.read || was.handled !== now.handled)
      await recordAudit(tx, {
        action: 'message.marked',
        subjectType: 'message',
        subjectId: id,
        before: was,
        after: now,
      });
  });
  return getInboxMessage(db, id);
}

/**
 * Keeps an admin's reply with the message and queues its mail to the sender. Replying also marks
 * the message read: the admin has plainly seen it.
 */
export async function replyToMessage(
  db: Db,
  outbox: Outbox,
  id: string,
  admin: { id: string; name: string },
  input: InboxReplyInput,
): Promise<InboxMessage> {
  if (!isUuid(id)) throw notFound('Message');
  const replyId = randomUUID();
  await db.transaction(async (tx) => {
    const opened = await tx
      .update(contactMessages)
      .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id });
    if (opened.length === 0) throw notFound('Message');
    await tx
      .insert(contactReplies)
      .values({ id: replyId, messageId: id, body: input.body, adminUserId: admin.id, adminName: admin.name });
    await publish(tx, outbox, 'contact.replied', `contact-reply:${replyId}`, { messageId: id, replyId });
    await recordAudit(tx, {
      action: 'message.replied',
      subjectType: 'message',
      subjectId: id,
      before: null,
      after: { replyId, body: input.body },
    });
  });
  return getInboxMessage(db, id);
}
