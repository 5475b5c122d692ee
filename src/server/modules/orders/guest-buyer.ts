import { sql } from 'drizzle-orm';
import type { Address } from '../../../contract/addresses';
import { emailIdentity } from '../../../contract/email-identity';
import { guestHoldMessages } from '../../../contract/guest';
import type { Tx } from '../../kernel/db';
import { orderLines, orders, products, rowsOf } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { OrderLimits } from '../../kernel/settings';
import { availableOf, onHandOf } from '../inventory';

/**
 * A guest who places an order without an account (decision 059): known by the e-mail the order's
 * mails go to, the name on the address and the network the checkout came from. The order's
 * `user_id` stays null until an account with that e-mail claims it (guest-claim.ts).
 */
export interface GuestBuyer {
  guest: true;
  /** Lower-case. */
  email: string;
  name: string;
  /** The network the checkout came from, hashed (checkout's guestClientKey). */
  client: string;
}

export const isGuest = (buyer: object): buyer is GuestBuyer => 'guest' in buyer && buyer.guest === true;

/** The address as the caps count it: street, postal code and country, letters and digits only. */
export const guestAddressKey = (a: Pick<Address, 'line1' | 'postalCode' | 'country'>) =>
  [a.line1, a.postalCode, a.country]
    .join('|')
    .toLowerCase()
    .replace(/[^a-z0-9|]/g, '');

const addressKeySql = sql`regexp_replace(lower(concat_ws('|', ${orders.shippingAddress}->>'line1', ${orders.shippingAddress}->>'postalCode', ${orders.shippingAddress}->>'country')), '[^a-z0-9|]', '', 'g')`;

/** The units unpaid guest orders may hold of a product with `onHand` units: a share, rounded up. */
export const guestShareOf = (onHand: number, percent: number) => Math.ceil((onHand * percent) / 100);

/**
 * Nobody holds the shelves anonymously (decision 073). A guest's open unpaid orders are capped
 * twice, at the caps one customer has (MAX_UNPAID_ORDERS, MAX_UNPAID_UNITS):
 *
 * - per buyer: by mailbox (however spelled, emailIdentity) or by the address they ship to,
 *   whichever finds more, so a new spelling of the e-mail, or a new e-mail for the same house,
 *   holds no more;
 * - per network: by the client's address (IPv6 by /64), so new e-mails and houses typed from one
 *   place hold no more either.
 *
 * And whatever the networks, unpaid guest orders together hold at most a share of each product's
 * units on hand (GUEST_STOCK_SHARE_PERCENT): the rest stays for customers with an account and for
 * guests who pay.
 *
 * Every key (mailbox, house, network, each product) is locked for the transaction in one sorted
 * order before anything is counted, so guests checking out at once, on any instance, count each
 * other and never wait on each other in a circle; a customer's checkout takes none of them.
 */
export async function checkGuestCaps(
  tx: Tx,
  buyer: GuestBuyer,
  address: Address | null,
  lines: { productId: string; quantity: number }[],
  limits: OrderLimits,
) {
  const identity = emailIdentity(buyer.email);
  const place = address ? guestAddressKey(address) : null;
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const keys = [
    `unpaid-guest-email:${identity}`,
    ...(place ? [`unpaid-guest-address:${place}`] : []),
    `unpaid-guest-client:${buyer.client}`,
    // Guests checking out the same product queue here; with no share to keep, they need not.
    ...(limits.guestStockSharePercent < 100 ? productIds.map((id) => `unpaid-guest-tool:${id}`) : []),
  ].sort();
  // One statement: unnest keeps the array's order, so the locks are taken in it.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${sql.param(keys)}::text[]) as k`,
  );
  // Read after the locks, in statements of their own: they see what the orders before committed.
  const [held] = rowsOf<{ n: number; units: number; clientN: number; clientUnits: number }>(
    await tx.execute(sql`
      select
        count(*) filter (where mine)::int as n,
        coalesce(sum(quantity) filter (where mine), 0)::int as units,
        count(*) filter (where guest_client = ${buyer.client})::int as "clientN",
        coalesce(sum(quantity) filter (where guest_client = ${buyer.client}), 0)::int as "clientUnits"
      from (
        select quantity, guest_client,
          (email_identity(${orders.userEmail}) = ${identity} ${place ? sql`or ${addressKeySql} = ${place}` : sql``}) as mine
        from ${orders}
        where user_id is null and status = 'unpaid'
          and (email_identity(${orders.userEmail}) = ${identity} or ${orders.guestClient} = ${buyer.client}
            ${place ? sql`or ${addressKeySql} = ${place}` : sql``})
      ) as open`),
  );
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  for (const [n, heldUnits] of [
    [Number(held?.n ?? 0), Number(held?.units ?? 0)],
    [Number(held?.clientN ?? 0), Number(held?.clientUnits ?? 0)],
  ] as const) {
    if (n >= limits.maxUnpaidOrders)
      throw new AppError('CONFLICT', guestHoldMessages.orders(limits.maxUnpaidOrders));
    if (heldUnits + units > limits.maxReservedUnits)
      throw new AppError('CONFLICT', guestHoldMessages.units(limits.maxReservedUnits, heldUnits));
  }
  if (limits.guestStockSharePercent >= 100) return;
  const wanted = rowsOf<{ id: string; name: string; onHand: number; available: number; held: number }>(
    await tx.execute(sql`
      select t.id, t.name, ${onHandOf(sql`t.id`)} as "onHand", ${availableOf(sql`t.id`)} as available,
        coalesce(g.held, 0)::int as held
      from ${products} t
      left join (
        select l.product_id, sum(l.quantity) as held
        from ${orders} o join ${orderLines} l on l.order_id = o.id
        where o.user_id is null and o.status = 'unpaid' and l.product_id = any(${sql.param(productIds)}::uuid[])
        group by l.product_id
      ) g on g.product_id = t.id
      where t.id = any(${sql.param(productIds)}::uuid[])`),
  );
  for (const line of lines) {
    const product = wanted.find((p) => p.id === line.productId);
    // A product that is not there, or short, is refused by the order itself, in its own words.
    if (!product || line.quantity > Number(product.available)) continue;
    const share = guestShareOf(Number(product.onHand), limits.guestStockSharePercent);
    const heldUnits = Number(product.held);
    if (heldUnits + line.quantity > share)
      throw new AppError('CONFLICT', guestHoldMessages.share(product.name, Math.max(0, share - heldUnits)));
  }
}
