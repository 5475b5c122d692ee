import { type Order, type StaffOrder, wireOrderStatuses } from '@contract/orders';

export const customer = { id: 'u1', email: 'ada@torque.example', name: 'Ada Park', image: null };

/** One order in each status: the fields the order lists show. */
export const ordersInEveryStatus = wireOrderStatuses.map(
  (status, i) =>
    ({
      _id: `order-${status}`,
      number: `TW-${1000 + i}`,
      status,
      createdAt: '2026-11-01T10:00:00.000Z',
      orderName: `Part ${status}`,
      orderQuantity: 1,
      itemCount: 1,
      userName: 'Ada Park',
      userEmail: customer.email,
      paid: status !== 'unpaid' && status !== 'cancelled' && status !== 'expired',
      transactionId: status === 'unpaid' ? null : `tx-${i}`,
      amounts: { totalCents: 1999 },
    }) as unknown as Order,
);

/** The buttons and links each order's row offers, by the order's status. */
export const offeredByRow = (container: ParentNode) =>
  Object.fromEntries(
    [...container.querySelectorAll('tbody tr')].map((row) => [
      (row.getAttribute('data-order-id') ?? '').replace('order-', ''),
      [...row.querySelectorAll('a.btn, button:not([disabled])')].map((b) => b.textContent),
    ]),
  );

/** A paid order waiting to ship, as a manager reads it on the desk: three rotors, one refunded. */
export const paidOrder: Order = {
  _id: 'order-1',
  orderId: 'tool-1',
  orderName: 'Brake rotor',
  orderQuantity: 3,
  userName: 'Casey Customer',
  userEmail: 'casey@example.com',
  phone: '+1 313 555 0142',
  paid: true,
  status: 'pending',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  number: 'TW-1042',
  itemCount: 3,
  shippingMethod: 'standard',
  shippingLabel: 'Standard shipping',
  shippingAddress: {
    fullName: 'Casey Customer',
    line1: '1200 Woodward Ave',
    line2: '',
    city: 'Detroit',
    region: 'MI',
    postalCode: '48226',
    country: 'US',
    phone: '+1 313 555 0142',
  },
  carrier: null,
  trackingNumber: null,
  paidAt: '2026-11-01T10:05:00.000Z',
  shippedAt: null,
  statusText: 'Paid, partly refunded',
  awaitingAddress: false,
  shipments: [],
  refundState: 'partial',
  cancelReason: null,
  cancelRequestedAt: null,
  price: 15,
  total: 48.6,
  transactionId: 'sim_pi_123',
  cardBrand: 'visa',
  cardLast4: '4242',
  lines: [
    {
      productId: 'tool-1',
      name: 'Brake rotor',
      unitPriceCents: 1500,
      quantity: 3,
      lineTotalCents: 4500,
      discountCents: 0,
      taxCents: 360,
      shippedQuantity: 0,
      refundedQuantity: 1,
      returnedQuantity: 0,
      coreChargeCents: 0,
      coreTotalCents: 0,
      coreTaxCents: 0,
      coresRefunded: 0,
      coresReturned: 0,
    },
  ],
  amounts: {
    subtotalCents: 4500,
    coreChargeCents: 0,
    discountCents: 0,
    shippingCents: 799,
    taxCents: 360,
    totalCents: 5659,
    shippingTaxCents: 0,
    taxRateBasisPoints: 800,
    storeCreditCents: 0,
  },
  discount: null,
  refunds: [],
  refundedCents: 1620,
  refundableCents: 4039,
};

/** The same order as staff read it: no money figure at all (decision 079). */
export const staffView = (order: Order): StaffOrder => {
  const {
    price: _p,
    total: _t,
    transactionId: _x,
    cardBrand: _b,
    cardLast4: _l,
    amounts: _a,
    discount: _d,
    refunds: _r,
    refundedCents: _rc,
    refundableCents: _rb,
    lines,
    ...rest
  } = order;
  return {
    ...rest,
    lines: lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      shippedQuantity: l.shippedQuantity,
      refundedQuantity: l.refundedQuantity,
      returnedQuantity: l.returnedQuantity,
      coresRefunded: l.coresRefunded,
      coresReturned: l.coresReturned,
      hasCoreCharge: l.coreChargeCents > 0,
    })),
    moneyHidden: true,
  } as StaffOrder;
};
