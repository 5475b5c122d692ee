import { sql } from 'drizzle-orm';
import type { Address } from '../../../contract/addresses';
import { tooManyReservedUnitsMessage, tooManyUnpaidOrdersMessage } from '../../../contract/orders';
import type { Tx } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';

import type { OrderLimits } from './place-order';

/**
 * A guest who places an order without an account (decision 059): known by the e-mail the order's
 * mails go to and the name on the address. The order's `user_id` stays null until an account
 * with that e-mail, confirmed, claims it (guest-claim.ts).
 */
export interface GuestBuyer {
  guest: true;
  /** Lower-case. */
  email: string;
  name: string;
}

export const isGuest = (buyer: object): buyer is GuestBuyer => 'guest' in buyer && buyer.guest === true;

/**
 * The e-mail as the caps count it: one mailbox however it is spelled, `+tags` included
 * (dana+1@x.com and dana+2@x.com are one buyer). The SQL below computes the same.
 */
export const guestEmailKey = (email: string) => email.toLowerCase().replace(/\+[^@]*@/, '@');

/** The address as the caps count it: street, postal code and country, letters and digits only. */
export const guestAddressKey = (a: Pick<Address, 'line1' | 'postalCode' | 'country'>) =>
  [a.line1, a.postalCode, a.country]
    .join('|')
    .toLowerCase()
    .replace(/[^a-z0-9|]/g, '');

const emailKeySql = sql`regexp_replace(lower(${orders.userEmail}), '\\+[^@]*@', '@')`;
const addressKeySql = sql`regexp_replace(lower(concat_ws('|', ${orders.shippingAddress}->>'line1', ${orders.shippingAddress}->>'postalCode', ${orders.shippingAddress}->>'country')), '[^a-z0-9|]', '', 'g')`;

/**
 * The caps of unpaid orders, for a buyer without an account: a guest's open unpaid orders are
 * counted by e-mail or by the address they ship to, whichever finds more, so a new spelling of
 * the e-mail (or a new e-mail) for the same house holds no more stock than one customer may.
 * Both keys are locked for the transaction, in one order, so guests checking out at once count
 * each other and never wait on each other in a circle.
 */
export async function checkGuestCaps(
  tx: Tx,
  buyer: GuestBuyer,
  address: Address | null,
  quantity: number,
  limits: OrderLimits,
) {
  const email = guestEmailKey(buyer.email);
  const place = address ? guestAddressKey(address) : null;
  const keys = [`unpaid-guest-email:${email}`, ...(place ? [`unpaid-guest-address:${place}`] : [])].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const [held] = rowsOf<{ n: number; units: number }>(
    await tx.execute(sql`
      select count(*)::int as n, coalesce(sum(quantity), 0)::int as units
      from ${orders}
      where user_id is null and status = 'unpaid'
        and (${emailKeySql} = ${email} ${place ? sql`or ${addressKeySql} = ${place}` : sql``})`),
  );
  const n = Number(held?.n ?? 0);
  const units = Number(held?.units ?? 0);
  if (n >= limits.maxUnpaidOrders)
    throw new AppError('CONFLICT', tooManyUnpaidOrdersMessage(limits.maxUnpaidOrders));
  if (units + quantity > limits.maxReservedUnits)
    throw new AppError('CONFLICT', tooManyReservedUnitsMessage(limits.maxReservedUnits, units));
}
