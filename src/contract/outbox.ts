import { z } from 'zod';

export const outboxStatuses = ['pending', 'delivered', 'dead'] as const;

/** GET /manage/outbox (admin): messages waiting, delivered or given up on (dead letters). */
export const OutboxQuery = z.object({
  status: z
    .enum(outboxStatuses, { error: `Status must be one of ${outboxStatuses.join(', ')}` })
    .default('dead'),
});

export const OutboxMessageView = z.object({
  id: z.number().int(),
  subscriber: z.string(),
  topic: z.string(),
  key: z.string(),
  status: z.enum(outboxStatuses),
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
