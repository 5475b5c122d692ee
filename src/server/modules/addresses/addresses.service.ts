import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_NOT_FOUND,
  type Address,
  type SavedAddress,
} from '../../../contract/addresses';
import { isUuid } from '../../../contract/ids';
import type { Db, Tx } from '../../kernel/db';
import { addresses } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

/**
 * A customer's address book. The first address saved is the default; choosing another default
 * moves the mark, and deleting the default hands it to the newest remaining address. A partial
 * unique index keeps one default per customer even if two requests race.
 */

type AddressRow = typeof addresses.$inferSelect;

const toSaved = (r: AddressRow): SavedAddress => ({
  id: r.id,
  fullName: r.fullName,
  line1: r.line1,
  line2: r.line2,
  city: r.city,
  region: r.region,
  postalCode: r.postalCode,
  country: r.country as Address['country'],
  phone: r.phone,
  isDefault: r.isDefault,
});

const fields = (a: Address) => ({
  fullName: a.fullName,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  region: a.region,
  postalCode: a.postalCode,
  country: a.country,
  phone: a.phone,
});

/** Default first, then newest. */
export async function listAddresses(db: Db | Tx, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
  return rows.map(toSaved);
}

const lockBook = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`);

async function clearDefault(tx: Tx, userId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

export async function addAddress(
  db: Db,
  userId: string,
  input: Address & { isDefault?: boolean | undefined },
): Promise<SavedAddress> {
  return db.transaction((tx) => addAddressIn(tx, userId, input));
}

/** The same inside the caller's transaction (the checkout saves the address it ships to). */
export async function addAddressIn(
  tx: Tx,
  userId: string,
  input: Address & { isDefault?: boolean | undefined },
): Promise<SavedAddress> {
  await lockBook(tx, userId);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  const n = Number(count?.n ?? 0);
  if (n >= ADDRESS_BOOK_MAX)
    throw new AppError('CONFLICT', `An address book holds at most ${ADDRESS_BOOK_MAX} addresses`);
  const isDefault = n === 0 || input.isDefault === true;
  if (isDefault) await clearDefault(tx, userId);
  const [row] = await tx
    .insert(addresses)
    .values({ userId, ...fields(input), isDefault })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toSaved(row);
}

export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  input: Address & { isDefault?: boolean | undefined },
): Promise<SavedAddress> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    if (input.isDefault === true) await clearDefault(tx, userId);
    const [row] = await tx
      .update(addresses)
      .set({ ...fields(input), ...(input.isDefault === true ? { isDefault: true } : {}) })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
    return toSaved(row);
  });
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<{ deletedCount: number }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!gone) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return { deletedCount: 1 };
  });
}

/** Whether the book already holds this address, field for field (the checkout saves it once). */
export async function hasAddress(db: Db | Tx, userId: string, a: Address): Promise<boolean> {
  const book = await listAddresses(db, userId);
  const same = (b: SavedAddress) =>
    (Object.keys(fields(a)) as (keyof Address)[]).every((k) => String(b[k]).trim() === String(a[k]).trim());
  return book.some(same);
}
