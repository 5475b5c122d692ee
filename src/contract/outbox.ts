import { z } from 'zod';

/**
 * An outbox message is `queued` until delivered, or `dead` once its retries ran out. The code says
 * `queued` so a waiting message is never confused with a `pending` (paid, unshipped) order; the
 * API and the stored rows keep the word they always had, `pending`, and `outboxStatusOnWire` is
 * the one map between the two (docs/decisions/067).
 */
export const outboxStatuses = ['queued', 'delivered', 'dead'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxStatusOnWire = {
  queued: 'pending',
  delivered: 'delivered',
  dead: 'dead',
} as const satisfies Record<OutboxStatus, string>;
export type WireOutboxStatus = (typeof outboxStatusOnWire)[OutboxStatus];
export const wireOutboxStatuses = outboxStatuses.map((s) => outboxStatusOnWire[s]) as [
  WireOutboxStatus,
  ...WireOutboxStatus[],
];
const outboxStatusFromWire = Object.fromEntries(
  outboxStatuses.map((s) => [outboxStatusOnWire[s], s]),
) as Record<WireOutboxStatus, OutboxStatus>;

/** GET /manage/outbox (admin): messages waiting, delivered or given up on (dead letters). */
export const OutboxQuery = z.object({
  status: z
    .enum(wireOutboxStatuses, { error: `Status must be one of ${wireOutboxStatuses.join(', ')}` })
    .default('dead')
    .transform((s) => outboxStatusFromWire[s]),
});

export const OutboxMessageView = z.object({
  id: z.number().int(),
  subscriber: z.string(),
  topic: z.string(),
  key: z.string(),
  status: z.enum(wireOutboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});

export const OutboxList = z.object({
  counts: z.object({ pending: z.number().int(), delivered: z.number().int(), dead: z.number().int() }),
  messages: z.array(OutboxMessageView),
});
export type OutboxList = z.infer<typeof OutboxList>;
