import { z } from 'zod';

/**
 * The admin Inbox: the messages visitors send through the contact form (contact.ts), read, handled
 * and answered by the store's staff; and each admin's choice of notification e-mails.
 */

export const INBOX_REPLY_MAX = 5000;

/** A reply an admin sent; the mail itself goes through the outbox. */
export const InboxReply = z.object({
  id: z.string(),
  body: z.string(),
  adminName: z.string(),
  createdAt: z.string(),
});
export type InboxReply = z.infer<typeof InboxReply>;

/** One message in the list (GET /manage/inbox). */
export const InboxSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The message's first characters, for the list. */
  excerpt: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  handledAt: z.string().nullable(),
  replyCount: z.number().int(),
});
export type InboxSummary = z.infer<typeof InboxSummary>;

export const InboxList = z.object({
  unread: z.number().int(),
  messages: z.array(InboxSummary),
});
export type InboxList = z.infer<typeof InboxList>;

/** GET /manage/inbox/unread: the number shown beside Inbox in the dashboard menu. */
export const InboxUnread = z.object({ unread: z.number().int() });
export type InboxUnread = z.infer<typeof InboxUnread>;

/** One message opened, with its replies, oldest first (GET /manage/inbox/:id). */
export const InboxMessage = InboxSummary.omit({ excerpt: true }).extend({
  message: z.string(),
  replies: z.array(InboxReply),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

/** PATCH /manage/inbox/:id: mark a message read or unread, handled or open again. */
export const InboxUpdate = z
  .object({
    read: z.boolean({ error: 'Read must be true or false' }).optional(),
    handled: z.boolean({ error: 'Handled must be true or false' }).optional(),
  })
  .refine((u) => u.read !== undefined || u.handled !== undefined, {
    message: 'Say whether the message is read or handled',
  });
export type InboxUpdate = z.infer<typeof InboxUpdate>;

/** POST /manage/inbox/:id/replies: the reply's text, mailed to the sender. */
export const InboxReplyInput = z.object({
  body: z
    .string({ error: 'Reply is Required' })
    .trim()
    .min(1, 'Reply is Required')
    .max(INBOX_REPLY_MAX, `Reply must be ${INBOX_REPLY_MAX} characters or fewer`),
});
export type InboxReplyInput = z.infer<typeof InboxReplyInput>;

/**
 * GET / PUT /manage/notifications: whether this admin is mailed about new paid orders and messages,
 * and the daily list of products low on stock (off unless asked for; left out of a PUT: unchanged).
 */
export const AdminNotifications = z.object({
  emailOnNewOrder: z.boolean({ error: 'Choose on or off' }),
  emailOnNewMessage: z.boolean({ error: 'Choose on or off' }),
  emailLowStockDigest: z.boolean({ error: 'Choose on or off' }).optional(),
});
export type AdminNotifications = z.infer<typeof AdminNotifications>;
