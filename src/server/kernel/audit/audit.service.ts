import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditKind,
  type AuditPage,
  type AuditQuery,
} from '../../../contract/audit';
import { isUuid } from '../../../contract/ids';
import type { Db, Tx } from '../db';
import { auditLog, roleFromColumn, rowsOf, user } from '../db';
import { type AuditActor, requestScope } from './audit-context';

export type { AuditActor } from './audit-context';

/** One change to record. */
export interface AuditChange {
  /** What was done, `kind.verb` in the past tense: `order.shipped`, `setting.changed`, `discount.created`. */
  action: string;
  /** The kind of thing changed (the audit page's filter). */
  subjectType: AuditKind;
  /** Which one: the product's, order's, refund's … id, or a setting's key. */
  subjectId: string;
  /** The thing before and after the change (only the fields that matter; JSON-safe, bigints become strings). */
  before?: unknown;
  after?: unknown;
  /** Who did it; by default the signed-in person of the current request (none: the store itself). */
  actor?: AuditActor | null;
  /** From which address; by default the current request's client address. */
  ip?: string | null;
}

/** The account `userId` as an actor, for work done on its behalf outside its request (a job). */
export async function auditActorOf(tx: Tx | Db, userId: string | null): Promise<AuditActor | null> {
  if (!userId) return null;
  const [row] = await tx.select({ email: user.email, role: user.role }).from(user).where(eq(user.id, userId));
  return row ? { id: userId, email: row.email, role: roleFromColumn(row.role) } : null;
}

/** Dates as ISO text, bigints as text, undefined left out: what jsonb can keep. */
function json(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/**
 * Records one change made by staff. Call it with the transaction of the change itself, after the
 * change was made: the row commits with it, and a change that fails or rolls back leaves none.
 *
 *     await recordAudit(tx, { action: 'discount.updated', subjectType: 'discount', subjectId: id,
 *                             before: old, after: updated });
 *
 * Who and from where come from the request the call runs in (the guard, edge/api/access-guard.ts, sets them), unless
 * `actor` / `ip` are given (a job acting for the person who started it).
 */
export async function recordAudit(tx: Tx | Db, change: AuditChange): Promise<void> {
  const scope = requestScope();
  const actor = change.actor !== undefined ? change.actor : (scope?.actor ?? null);
  const ip = change.ip !== undefined ? change.ip : (scope?.ip ?? null);
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    actorRole: actor?.role ?? null,
    action: change.action,
    subjectType: change.subjectType,
    subjectId: change.subjectId,
    before: json(change.before),
    after: json(change.after),
    ip,
  });
}

/** The first instant after a UTC day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000);

/** The owner's audit page: newest first, filtered by person, kind and days. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const where: SQL[] = [];
  if (query.person) {
    const escaped = query.person.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(ilike(auditLog.actorEmail, `%${escaped}%`));
  }
  if (query.kind) where.push(eq(auditLog.subjectType, query.kind));
  if (query.from) where.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) where.push(lt(auditLog.at, dayAfter(query.to)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  const shown = rows.slice(0, AUDIT_PAGE_SIZE);
  const names = await subjectNames(db, shown);
  const entries: AuditEntry[] = shown.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    actorRole: r.actorRole,
    action: r.action,
    kind: r.subjectType,
    subjectId: r.subjectId,
    subjectName: names.get(`${r.subjectType}:${r.subjectId}`) ?? null,
    before: r.before,
    after: r.after,
    ip: r.ip,
  }));
  return { entries, page: query.page, hasMore: rows.length > AUDIT_PAGE_SIZE };
}

/**
 * What each row's thing is called now, so the log reads "Brake Pad Set" and "TW-1042" rather than
 * ids: one statement per kind on the page, reading the tables of the modules that own those things.
 * A thing deleted since has no name (its row's "before" still says what it was).
 */
async function subjectNames(
  db: Db,
  rows: Array<{ subjectType: string; subjectId: string }>,
): Promise<Map<string, string>> {
  const idsOf = (...kinds: string[]) => [
    ...new Set(
      rows.filter((r) => kinds.includes(r.subjectType) && isUuid(r.subjectId)).map((r) => r.subjectId),
    ),
  ];
  const lookups: Array<[string[], string[], (ids: string[]) => SQL]> = [
    [
      ['product', 'stock'],
      idsOf('product', 'stock'),
      (ids) => sql`select id::text as id, name from products where id = any(${sql.param(ids)}::uuid[])`,
    ],
    [
      ['order'],
      idsOf('order'),
      (ids) =>
        sql`select id::text as id, 'TW-' || number as name from orders where id = any(${sql.param(ids)}::uuid[])`,
    ],
    [
      ['refund'],
      idsOf('refund'),
      (
        ids,
      ) => sql`select r.id::text as id, 'TW-' || o.number as name from refunds r join orders o on o.id = r.order_id
        where r.id = any(${sql.param(ids)}::uuid[])`,
    ],
    [
      ['return'],
      idsOf('return'),
      (
        ids,
      ) => sql`select r.id::text as id, 'TW-' || o.number as name from returns r join orders o on o.id = r.order_id
        where r.id = any(${sql.param(ids)}::uuid[])`,
    ],
    [
      ['discount'],
      idsOf('discount'),
      (ids) =>
        sql`select id::text as id, coalesce(code, name) as name from discounts where id = any(${sql.param(ids)}::uuid[])`,
    ],
    [
      ['review'],
      idsOf('review'),
      (ids) =>
        sql`select id::text as id, commenter as name from reviews where id = any(${sql.param(ids)}::uuid[])`,
    ],
  ];
  const names = new Map<string, string>();
  await Promise.all(
    lookups.map(async ([kinds, ids, query]) => {
      if (ids.length === 0) return;
      for (const row of rowsOf<{ id: string; name: string }>(await db.execute(query(ids))))
        for (const kind of kinds) names.set(`${kind}:${row.id}`, row.name);
    }),
  );
  const categorySlugs = [
    ...new Set(rows.filter((r) => r.subjectType === 'category').map((r) => r.subjectId)),
  ];
  if (categorySlugs.length > 0) {
    const found = await db.execute(
      sql`select slug as id, name from categories where slug = any(${sql.param(categorySlugs)}::text[])`,
    );
    for (const row of rowsOf<{ id: string; name: string }>(found)) names.set(`category:${row.id}`, row.name);
  }
  const brandIds = [
    ...new Set(
      rows
        .filter((r) => r.subjectType === 'brand' && /^\d+$/.test(r.subjectId))
        .map((r) => Number(r.subjectId)),
    ),
  ];
  if (brandIds.length > 0) {
    const found = await db.execute(
      sql`select id::text as id, name from brands where id = any(${sql.param(brandIds)}::int[])`,
    );
    for (const row of rowsOf<{ id: string; name: string }>(found)) names.set(`brand:${row.id}`, row.name);
  }
  const accounts = [...new Set(rows.filter((r) => r.subjectType === 'account').map((r) => r.subjectId))];
  if (accounts.length > 0) {
    const found = await db
      .select({ id: user.id, name: user.email })
      .from(user)
      .where(inArray(user.id, accounts));
    for (const row of found) names.set(`account:${row.id}`, row.name);
  }
  return names;
}

/** Rows removed per statement by the retention job, so no statement holds the table long. */
const RETENTION_BATCH = 1000;

/**
 * Removes rows older than the retention (AUDIT_RETENTION_DAYS), a batch per statement. The
 * recurring job runs it in one instance at a time; two at once would only find fewer rows.
 */
export async function removeExpiredAudit(
  db: Db,
  retentionDays: number,
  now: SQL = sql`now()`,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${auditLog} where id in (
        select id from ${auditLog}
        where at < ${now} - ${`${retentionDays} days`}::interval
        limit ${RETENTION_BATCH})
      returning id`);
    const count = (result as unknown as { rows: unknown[] }).rows.length;
    removed += count;
    if (count < RETENTION_BATCH) return removed;
  }
}
