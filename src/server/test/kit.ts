import { createHmac, randomUUID } from 'node:crypto';
import type { Address } from '../../contract/addresses';
import type { RefundInput, Return, ReturnInput } from '../../contract/after-sale';
import type { Order } from '../../contract/orders';
import type { ShippingMethod } from '../../contract/pricing';
import type { AccountRole } from '../../contract/roles';
import { cancelPaidOrder, markOrderPaid, refundOrder, refundReturn } from '../flows';
import { insertOrder } from '../flows/place-order';
import type { Config } from '../kernel/config/config';
import { columnFromRole, type Db, type Tx, user } from '../kernel/db';
import type { SessionUser } from '../kernel/identity';
import type { Outbox } from '../kernel/outbox';
import { type OrderLimits, orderLimitsOf } from '../kernel/settings';
import { setCartLine } from '../modules/cart';
import {
  applyOrderEvent,
  cancelUnpaidOrder,
  createShipment,
  decideReturn,
  lockOrder,
  orderNow,
  receiveReturn,
  requestReturn,
} from '../modules/orders';
import { createSimulatedProvider, intentOfOrder, openPayment } from '../modules/payments';
import type { PricingRules } from '../modules/pricing';
import { insertProduct } from './fixtures';
import { createTestApp, type StoreApp, type TestApp, testConfig, testOutbox } from './harness';
import { freeLimits, storePricing } from './probes';
import type { TestSession } from './sessions';
import { uniqueEmail } from './sessions';
import { HOME_ADDRESS, PHONE } from './store-flow';

/**
 * The fixture kit: customers, carts and orders in any state written straight into a test database,
 * below HTTP and without hashing a password. Every order is made by the modules' own functions
 * (the order placed by the checkout's `insertOrder`, paid by the simulated card and `markOrderPaid`,
 * shipped, refunded and returned by the flows the staff's buttons call), all in one transaction, so
 * its rows, stock movements, history and outbox messages are exactly what the real paths write.
 * Tests of a rule build the state they start from here and keep their HTTP calls for the route they
 * are about (docs/test-suite.md).
 */

/** What the kit writes with: a database, an outbox, the prices and the order limits in force. */
export interface Kit {
  db: Db;
  outbox: Outbox;
  pricing: PricingRules;
  limits: OrderLimits;
  /** The returns settings in force: the window a return may be asked in, the restocking fee. */
  returns: { windowDays: number; restockingFeePercent: number };
}

/** The kit on an app: its database and outbox, and its settings as they are now. */
export function kitOf(app: StoreApp): Kit {
  const settings = app.settings.current();
  return {
    db: app.db,
    outbox: app.outbox,
    pricing: app.pricingRules(),
    limits: orderLimitsOf(settings),
    returns: settings.returns,
  };
}

/** The kit on a bare database (a module's test): the store's default prices, caps out of the way. */
export function kitOn(db: Db, overrides: Partial<Kit> = {}): Kit {
  const defaults = storePricing();
  return {
    db,
    outbox: testOutbox(db),
    pricing: defaults,
    limits: freeLimits(),
    returns: defaults.returns,
    ...overrides,
  };
}

/** A customer or a member of staff, as the services see them, written as better-auth writes one. */
export async function insertPerson(
  db: Db | Tx,
  { name = 'Kit Customer', email = uniqueEmail('kit'), role = 'customer' as AccountRole } = {},
): Promise<SessionUser> {
  const id = randomUUID();
  const now = new Date();
  const address = email.toLowerCase();
  await db.insert(user).values({
    id,
    name,
    email: address,
    emailVerified: false,
    role: columnFromRole(role),
    createdAt: now,
    updatedAt: now,
  });
  return { id, email: address, name, image: null, role, token: '' };
}

/** A person with a session: what the services see and the cookie a browser would send. */
export type Member = SessionUser & TestSession;

/**
 * A session for this person without the sign-up's round trip: better-auth's own adapter writes the
 * session row (and runs the store's hooks on it, as a sign-in does), and the cookie is signed with
 * the app's secret as better-auth signs it (HMAC-SHA256, base64, URL-encoded).
 */
export async function signedIn(app: StoreApp, person: SessionUser): Promise<Member> {
  const ctx = await app.auth.$context;
  const session = await ctx.internalAdapter.createSession(person.id);
  if (!session) throw new Error('better-auth wrote no session');
  const signature = createHmac('sha256', ctx.secret).update(session.token).digest('base64');
  const cookie = `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
  return { ...person, token: session.token, cookie };
}

/** A new customer signed in on the app. */
export async function newCustomer(app: StoreApp, details: { name?: string; email?: string } = {}) {
  return signedIn(app, await insertPerson(app.db, details));
}

/** A new member of staff (the owner unless said) signed in on the app. */
export async function newStaff(app: StoreApp, role: AccountRole = 'owner', name = 'Store Admin') {
  return signedIn(app, await insertPerson(app.db, { name, role, email: uniqueEmail(role) }));
}

/**
 * A fresh app (with these settings) and its owner signed in, without a sign-up: the owner's address
 * is in ADMIN_EMAILS, as `createAdminApp`'s, so mails to the store's admins reach them.
 */
export async function createOwnerApp(
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp; admin: Member; kit: Kit }> {
  const email = uniqueEmail('admin');
  const t = await createTestApp({ ...overrides, auth: { ...testConfig().auth, adminEmails: [email] } });
  const admin = await signedIn(
    t.app,
    await insertPerson(t.app.db, { email, name: 'Store Admin', role: 'owner' }),
  );
  return { t, admin, kit: kitOf(t.app) };
}

/** Puts these lines in the customer's cart, through the cart module. */
export async function fillCartOf(db: Db, customer: Pick<SessionUser, 'id'>, lines: OrderLine[]) {
  for (const line of lines) await setCartLine(db, customer.id, line.productId, line.quantity);
}

export type OrderLine = { productId: string; quantity: number };

/**
 * The states the kit makes: the order machine's, and the money's and the return's on top of them.
 * `cancelled` is an unpaid order its customer cancelled; `cancelled_paid` a paid one cancelled by
 * staff with its refund; `refunded` everything given back before anything shipped; `returned` a
 * shipped order whose return was received, its refund not yet made; `return_refunded` after it.
 */
export const kitStates = [
  'placed',
  'expired',
  'cancelled',
  'paid',
  'partly_shipped',
  'shipped',
  'partly_refunded',
  'refunded',
  'cancelled_paid',
  'returned',
  'return_refunded',
] as const;
export type KitState = (typeof kitStates)[number];

export interface OrderSpec {
  /** Whose order (a new customer unless given). */
  buyer?: SessionUser;
  /** Its lines; one new product, 2 units at $20.00, unless given. */
  lines?: OrderLine[];
  /** Where it goes; `null` is the order modal's order, placed without an address. */
  address?: Address | null;
  shippingMethod?: ShippingMethod;
  discountCode?: string;
  /** Who ships, refunds and receives (a new owner unless given). */
  staff?: SessionUser;
  /** `partly_shipped`: the parcel's units (one unit of the first line unless given). */
  parcel?: OrderLine[];
  /** `partly_refunded`: the refund (one unit of the first line, not restocked, unless given). */
  refund?: RefundInput;
  /** `returned`, `return_refunded`: what comes back (one unit of the first line unless given). */
  returning?: ReturnInput['lines'];
  /** When it was placed (the hold and the return window count from here). */
  now?: Date;
}

export interface KitOrder {
  order: Order;
  buyer: SessionUser;
  staff: SessionUser;
  /** The return, for `returned` and `return_refunded`. */
  returned?: Return;
}

/** A card the simulated processor takes. */
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/** What a flow would log as an error never happens to a kit's order: it fails the test instead. */
const loud = {
  error(details: object, message: string): void {
    throw new Error(`${message} ${JSON.stringify(details)}`);
  },
};

/**
 * An order in `state`, with every step of the way behind it, in one transaction. The services are
 * handed the transaction as their database (their own transactions become savepoints), and the
 * card provider is the simulated one on the same transaction.
 */
export async function orderIn(kit: Kit, state: KitState, spec: OrderSpec = {}): Promise<KitOrder> {
  return kit.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const { outbox } = kit;
    const provider = createSimulatedProvider(db);
    const buyer = spec.buyer ?? (await insertPerson(db));
    const staff = spec.staff ?? (await insertPerson(db, { name: 'Kit Admin', role: 'owner' }));
    const lines = spec.lines ?? [
      { productId: (await insertProduct(db, { priceCents: 2000, minimumOrderQuantity: 1 })).id, quantity: 2 },
    ];
    const address = spec.address === undefined ? HOME_ADDRESS : spec.address;
    const { row } = await insertOrder(
      tx,
      outbox,
      buyer,
      {
        lines,
        phone: address?.phone ?? PHONE,
        shippingMethod: spec.shippingMethod ?? 'standard',
        shippingAddress: address,
        // The order modal takes the first method offered; a checkout's must be offered.
        firstMethodOffered: address === null,
        discountCode: spec.discountCode,
      },
      kit.limits,
      kit.pricing,
      spec.now,
    );
    const id = row.id;
    const first = lines[0] as OrderLine;
    const done = async (returned?: Return): Promise<KitOrder> => ({
      order: await orderNow(db, id),
      buyer,
      staff,
      ...(returned ? { returned } : {}),
    });

    if (state === 'placed') return done();
    if (state === 'cancelled') {
      await cancelUnpaidOrder(db, outbox, id, { userId: buyer.id, admin: false });
      return done();
    }
    if (state === 'expired') {
      await applyOrderEvent(tx, await lockOrder(tx, id), { type: 'expire' }, { outbox, actor: 'system' });
      return done();
    }

    await payWithCard(db, outbox, { id, totalCents: row.totalCents });
    if (state === 'paid') return done();

    const everything = async (): Promise<RefundInput> => {
      const now = await orderNow(db, id);
      return {
        lines: now.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        ...(now.amounts.shippingCents > 0 ? { shippingCents: now.amounts.shippingCents } : {}),
        restock: true,
        reason: 'Refunded in full',
      };
    };
    if (state === 'refunded') {
      await refundOrder(db, outbox, provider, id, await everything(), randomUUID(), staff.id);
      return done();
    }
    if (state === 'partly_refunded') {
      const input = spec.refund ?? {
        lines: [{ productId: first.productId, quantity: 1 }],
        restock: false,
        reason: 'Damaged in transit',
      };
      await refundOrder(db, outbox, provider, id, input, randomUUID(), staff.id);
      return done();
    }
    if (state === 'cancelled_paid') {
      await cancelPaidOrder(db, outbox, provider, id, 'Cancelled at the customer’s request', staff.id);
      return done();
    }

    const tracking = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    if (state === 'partly_shipped') {
      const parcel = spec.parcel ?? [{ productId: first.productId, quantity: 1 }];
      await createShipment(db, outbox, id, staff.id, { ...tracking, lines: parcel });
      return done();
    }
    await createShipment(db, outbox, id, staff.id, tracking);
    if (state === 'shipped') return done();

    const back = spec.returning ?? [{ productId: first.productId, quantity: 1, reason: 'damaged' as const }];
    const asked = await requestReturn(db, outbox, buyer, id, { lines: back }, kit.returns.windowDays);
    await decideReturn(db, outbox, asked.id, staff.id, { approve: true });
    const received = await receiveReturn(db, outbox, asked.id, staff.id);
    if (state === 'returned') return done(received);
    const refunded = await refundReturn(
      db,
      outbox,
      provider,
      asked.id,
      staff.id,
      kit.returns.restockingFeePercent,
    );
    return done(refunded);
  });
}

/**
 * Pays an order as the web app pays: the intent opened, the simulated card confirmed, the
 * processor's word taken (markOrderPaid), on the caller's transaction or database.
 */
async function payWithCard(db: Db, outbox: Outbox, order: { id: string; totalCents: number }) {
  const provider = createSimulatedProvider(db);
  const payment = await openPayment(db, provider, order);
  const intent = await intentOfOrder(db, order.id, { clientSecret: payment.clientSecret });
  if (!intent) throw new Error('no intent was recorded');
  const confirmed = await provider.confirm(intent, CARD);
  await markOrderPaid(db, outbox, provider, confirmed.snapshot, loud, confirmed.row);
}

/** Pays an unpaid order placed some other way (a checkout under test), in one transaction. */
export async function payOrderOf(kit: Kit, order: Pick<Order, '_id' | 'amounts'>): Promise<Order> {
  return kit.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await payWithCard(db, kit.outbox, { id: order._id, totalCents: order.amounts.totalCents });
    return orderNow(db, order._id);
  });
}
