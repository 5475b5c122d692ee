import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { QuoteRequestValues } from '../../../contract/staff-orders';
import { staffOrderMessages } from '../../../contract/staff-orders';
import type { Db, Tx } from '../../kernel/db';
import { quotes, user } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import { type Outbox, publish } from '../../kernel/outbox';

/**
 * Quotes (decision 103): what staff offer a customer, kept as asked (lines, shipping, address,
 * code) and priced whenever read; the order is placed only when the customer accepts. The link is
 * `<quote id, hex><signature>`: signed with the store's secret, so it cannot be guessed, and it
 * opens the quote for its own customer only (signed in).
 */
export type QuoteRow = typeof quotes.$inferSelect;

const DAY_MS = 86_400_000;

const signature = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`quote:${id}`).digest('base64url').slice(0, 43);

/** The quote's link token. */
export const quoteToken = (secret: string, id: string) => `${id.replaceAll('-', '')}${signature(secret, id)}`;

/** The quote a token names, if its signature holds. */
function quoteIdOf(secret: string, token: string): string | null {
  const hex = token.slice(0, 32);
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const given = Buffer.from(token.slice(32));
  const expected = Buffer.from(signature(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** A new quote for a customer, and its mail published in the same transaction. */
export async function writeQuote(
  tx: Tx,
  outbox: Outbox,
  input: { userId: string; createdBy: string; request: QuoteRequestValues; now?: Date },
): Promise<QuoteRow> {
  const now = input.now ?? new Date();
  const { request } = input;
  const [row] = await tx
    .insert(quotes)
    .values({
      userId: input.userId,
      createdBy: input.createdBy,
      lines: request.lines,
      shippingMethod: request.shippingMethod,
      shippingAddress: request.address,
      discountCode: request.discountCode ?? null,
      note: request.note ?? null,
      expiresAt: new Date(now.getTime() + request.validDays * DAY_MS),
    })
    .returning();
  if (!row) throw new Error('quote not written');
  await publish(tx, outbox, 'quote.sent', `quote:${row.id}`, { quoteId: row.id });
  return row;
}

/** The quote a link opens, for its own customer; anyone else finds none. */
export async function quoteByToken(db: Db | Tx, secret: string, token: string, userId: string, lock = false) {
  const id = quoteIdOf(secret, token);
  if (!id) throw new AppError('NOT_FOUND', staffOrderMessages.quoteNotFound);
  const query = db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.userId, userId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('NOT_FOUND', staffOrderMessages.quoteNotFound);
  return row;
}

export async function quoteById(db: Db | Tx, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** A customer's quotes, newest first. */
export async function quotesOf(db: Db, userId: string): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.userId, userId)).orderBy(desc(quotes.createdAt)).limit(200);
}

/** Refuses a quote accepted already or past its day, in the customer's words. */
export function assertQuoteOpen(row: QuoteRow, now = new Date()): void {
  if (row.orderId) throw new AppError('CONFLICT', staffOrderMessages.quoteAccepted);
  if (row.expiresAt <= now)
    throw new AppError('CONFLICT', staffOrderMessages.quoteExpired(row.expiresAt.toISOString().slice(0, 10)));
}

/** Marks an open quote accepted with the order it placed; refused when expired or accepted. */
export async function acceptQuoteRow(
  tx: Tx,
  row: QuoteRow,
  orderId: string,
  now = new Date(),
): Promise<void> {
  assertQuoteOpen(row, now);
  await tx
    .update(quotes)
    .set({ orderId, acceptedAt: now })
    .where(and(eq(quotes.id, row.id), isNull(quotes.orderId)));
}

/** Whether a quote may still be accepted, and why not. */
export function quoteStatusOf(row: QuoteRow, now = new Date()): 'open' | 'accepted' | 'expired' {
  return row.orderId ? 'accepted' : row.expiresAt <= now ? 'expired' : 'open';
}

/** The customer's name, for the lists. */
export async function customerNameOf(db: Db | Tx, userId: string): Promise<string> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? '';
}
