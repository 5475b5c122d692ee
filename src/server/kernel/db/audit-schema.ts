import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed what in the store, written only by kernel/audit (`recordAudit`) inside the
 * transaction of the change itself, so a change that rolls back leaves no row (drizzle/0024).
 * The actor is kept by id and as they were then (email, role): a row outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    /** What was done, `kind.verb`: `order.shipped`, `product.updated`, `role.changed`. */
    action: text('action').notNull(),
    /** The kind of thing changed: `product`, `order`, `refund`, `return`, `account`, `outbox`. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The client's address as Fastify resolved it (TRUST_PROXY), never a header a client wrote. */
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_subject_type_idx').on(t.subjectType, t.at),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
