import { and, desc, eq, sql } from 'drizzle-orm';
import { type OutboxList, type OutboxStatus, outboxStatusOnWire } from '../../../contract/outbox';
import { recordAudit } from '../audit';
import type { Db } from '../db';
import { outboxMessages } from '../db';
import { AppError } from '../errors';

/** What admins see of the outbox: counts by status and the latest messages of one status. */
export async function listOutbox(db: Db, status: OutboxStatus, limit = 100): Promise<OutboxList> {
  const [counts, rows] = await Promise.all([
    db
      .select({ status: outboxMessages.status, n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .groupBy(outboxMessages.status),
    db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.status, status))
      .orderBy(desc(outboxMessages.id))
      .limit(limit),
  ]);
  const byStatus: OutboxList['counts'] = { pending: 0, delivered: 0, dead: 0 };
  for (const c of counts) byStatus[outboxStatusOnWire[c.status]] = Number(c.n);
  return {
    counts: byStatus,
    messages: rows.map((r) => ({
      id: r.id,
      subscriber: r.subscriber,
      topic: r.topic,
      key: r.key,
      status: outboxStatusOnWire[r.status],
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
    })),
  };
}

/** An admin sends a dead letter again (after fixing what made it fail): it gets a fresh set of attempts. */
export async function retryDeadMessage(db: Db, id: number): Promise<{ retried: true }> {
  await db.transaction(async (tx) => {
    const [dead] = await tx
      .select({
        subscriber: outboxMessages.subscriber,
        topic: outboxMessages.topic,
        attempts: outboxMessages.attempts,
        lastError: outboxMessages.lastError,
      })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'dead')))
      .for('update');
    const revived = await tx
      .update(outboxMessages)
      .set({
        status: 'queued',
        attempts: 0,
        runAfter: sql`now()`,
        lockedUntil: null,
        lastError: null,
        failingSince: null,
      })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'dead')))
      .returning({ id: outboxMessages.id });
    if (revived.length === 0 || !dead) throw new AppError('NOT_FOUND', 'No dead message with that id');
    await recordAudit(tx, {
      action: 'outbox.retried',
      subjectType: 'outbox',
      subjectId: String(id),
      before: { status: 'dead', ...dead },
      // The audit log keeps the word its earlier rows and the API use.
      after: { status: outboxStatusOnWire.queued, subscriber: dead.subscriber, topic: dead.topic },
    });
  });
  return { retried: true };
}
