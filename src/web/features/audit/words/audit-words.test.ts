import type { AuditEntry } from '@contract/audit';
import { lineText } from '@contract/record-words';
import { describe, expect, it } from 'vitest';
import { auditWords } from './audit-words';

/** Audit rows as the store records them (their before and after as the audit tests see them). */
const row = (fields: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'kind'>): AuditEntry => ({
  id: 1,
  at: '2026-11-28T10:00:00.000Z',
  actorId: 'u1',
  actorEmail: 'olive@torque.example',
  actorRole: 'owner',
  subjectId: '5f0c7a0e-1f0e-4c55-9d7e-3f7a8f0d2b11',
  subjectName: null,
  before: null,
  after: null,
  ip: '203.0.113.9',
  ...fields,
});
const read = (entry: AuditEntry) => {
  const words = auditWords(entry);
  return [words.title, ...words.lines.map(lineText)];
};

const discountRow = {
  id: '5f0c7a0e-1f0e-4c55-9d7e-3f7a8f0d2b11',
  code: 'SPRING15',
  name: 'Spring sale',
  automatic: false,
  kind: 'percent',
  value: 1500,
  appliesTo: 'order',
  categorySlugs: [],
  brandNames: [],
  minSubtotalCents: 15000,
  freeShipping: false,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: null,
  usedCount: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the audit log in words', () => {
  it('a discount changed: its offer, minimum and end in dollars and dates', () => {
    expect(
      read(
        row({
          action: 'discount.updated',
          kind: 'discount',
          subjectName: 'SPRING15',
          before: discountRow,
          after: {
            ...discountRow,
            value: 2000,
            freeShipping: true,
            minSubtotalCents: 20000,
            endsAt: '2026-12-31T23:59:00.000Z',
            updatedAt: '2026-11-28T10:00:00.000Z',
          },
        }),
      ),
    ).toEqual([
      'Changed discount SPRING15',
      'Discount: 15% off → 20% off and free shipping',
      'Minimum subtotal: $150.00 → $200.00',
      'Ends: No end → 2026-12-31 23:59 UTC',
    ]);
  });

  it('a discount created shows its values alone', () => {
    expect(
      read(
        row({
          action: 'discount.created',
          kind: 'discount',
          after: { ...discountRow, kind: 'fixed', value: 500 },
        }),
      ),
    ).toEqual([
      'Added discount SPRING15',
      'Code: SPRING15',
      'Name: Spring sale',
      'Discount: $5.00 off',
      'Automatic: No',
      'Applies to: The whole order',
      'Minimum subtotal: $150.00',
      'Starts: 2026-11-01 00:00 UTC',
      'Ends: No end',
      'Uses allowed: 100',
      'Uses per customer: No limit',
      'Used: 3',
    ]);
  });

  it('tax settings: a rate per place and the default rate', () => {
    expect(
      read(
        row({
          action: 'setting.updated',
          kind: 'setting',
          subjectId: 'tax',
          before: { defaultRateBasisPoints: 700, taxShippingByDefault: false, rates: [] },
          after: {
            defaultRateBasisPoints: 725,
            taxShippingByDefault: false,
            rates: [{ country: null, region: 'MI', rateBasisPoints: 600, taxShipping: false }],
          },
        }),
      ),
    ).toEqual(['Saved settings: Tax', 'Default tax rate: 7% → 7.25%', 'Tax rate MI: — → 6%']);
    expect(
      read(
        row({
          action: 'setting.updated',
          kind: 'setting',
          subjectId: 'tax',
          before: { rates: [{ country: 'US', region: 'OH', rateBasisPoints: 575, taxShipping: false }] },
          after: { rates: [{ country: 'US', region: 'OH', rateBasisPoints: 575, taxShipping: true }] },
        }),
      ),
    ).toEqual(['Saved settings: Tax', 'Tax on shipping in US-OH: No → Yes']);
  });

  it('shipping and return settings, and a section no formatter knows', () => {
    expect(
      read(
        row({
          action: 'setting.updated',
          kind: 'setting',
          subjectId: 'shipping',
          before: {
            standardCents: 799,
            expressCents: 1999,
            freeStandardOverCents: null,
            defaultWeightLb: 1,
            zones: [],
          },
          after: {
            standardCents: 899,
            expressCents: 1999,
            freeStandardOverCents: 10000,
            defaultWeightLb: 1.5,
            zones: [
              {
                id: 'midwest',
                name: 'Midwest',
                areas: ['US-MI', 'US-OH'],
                methods: [
                  {
                    id: 'ground',
                    name: 'Ground',
                    estimate: '',
                    mode: 'ground',
                    brackets: [
                      { upToLb: 5, priceCents: 500 },
                      { upToLb: null, priceCents: 900 },
                    ],
                    freeOverCents: 10000,
                  },
                ],
              },
            ],
          },
        }),
      ),
    ).toEqual([
      'Saved settings: Shipping',
      'Standard shipping: $7.99 → $8.99',
      'Free standard shipping over: Never → $100.00',
      'Default weight: 1 lb → 1.5 lb',
      'Shipping zones: added Midwest (US-MI, US-OH): Ground $5.00 to 5 lb, $9.00 heavier, free over $100.00',
    ]);
    expect(
      read(
        row({
          action: 'setting.updated',
          kind: 'setting',
          subjectId: 'returns',
          before: { windowDays: 30 },
          after: { windowDays: 37 },
        }),
      ),
    ).toEqual(['Saved settings: Returns', 'Return window: 30 days → 37 days']);
    expect(
      read(
        row({
          action: 'setting.updated',
          kind: 'setting',
          subjectId: 'guests',
          before: { allowGuestCheckout: false, guestMinimumCents: 0 },
          after: { allowGuestCheckout: true, guestMinimumCents: 2500 },
        }),
      ),
    ).toEqual(['Saved settings: guests', 'Allow guest checkout: No → Yes', 'Guest minimum: $0.00 → $25.00']);
  });

  it('a wrong listing corrected from the returns desk: the vehicle, the order and the rows', () => {
    const civic = { make: 'Honda', model: 'Civic', engine: null };
    expect(
      read(
        row({
          action: 'product.fitment_corrected',
          kind: 'product',
          subjectName: 'Front brake rotor',
          before: { fitment: [{ ...civic, year_from: 2012, year_to: 2015 }] },
          after: {
            fitment: [
              { ...civic, year_from: 2012, year_to: 2012 },
              { ...civic, year_from: 2014, year_to: 2015 },
            ],
            vehicle: '2013 Honda Civic',
            returnId: 'r-1',
            order: 'TW-10042',
          },
        }),
      ),
    ).toEqual([
      'Corrected the fitment of product Front brake rotor (a return of TW-10042)',
      'Vehicle taken out: 2013 Honda Civic',
      'Fitment: added 2012 Honda Civic; 2014–2015 Honda Civic; removed 2012–2015 Honda Civic',
    ]);
  });

  it('a product changed, added and deleted, by its name', () => {
    expect(
      read(
        row({
          action: 'product.updated',
          kind: 'product',
          subjectName: 'Ceramic Front Brake Pad Set',
          before: { price: 40, fitment: [] },
          after: {
            price: 45.5,
            fitment: [{ make: 'Honda', model: 'Civic', year_from: 2012, year_to: 2015, engine: null }],
          },
        }),
      ),
    ).toEqual([
      'Changed product Ceramic Front Brake Pad Set',
      'Price: $40.00 → $45.50',
      'Fitment: added 2012–2015 Honda Civic',
    ]);
    const fields = {
      name: 'Audit caliper',
      price: 40,
      available_quantity: 30,
      description: ['Cast iron.'],
      fitment: [],
    };
    expect(
      read(
        row({
          action: 'product.created',
          kind: 'product',
          subjectName: 'Audit caliper',
          before: {},
          after: fields,
        }),
      ),
    ).toEqual([
      'Added product Audit caliper',
      'Name: Audit caliper',
      'Price: $40.00',
      'Available quantity: 30',
    ]);
    expect(read(row({ action: 'product.deleted', kind: 'product', before: fields, after: null }))).toEqual([
      'Deleted product Audit caliper',
      'Name: Audit caliper',
      'Price: $40.00',
      'Available quantity: 30',
    ]);
  });

  it('a bulk change and a stock count', () => {
    expect(
      read(
        row({
          action: 'product.bulk_changed',
          kind: 'product',
          after: {
            change: { kind: 'price', mode: 'percent', value: 5 },
            selection: { filter: { category: 'brakes' } },
            count: 12,
            changed: 11,
          },
        }),
      ),
    ).toEqual([
      'Bulk change of products',
      'Change: Price +5%',
      'Products: category brakes',
      'Changed: 11 of 12',
    ]);
    expect(
      read(
        row({
          action: 'stock.counted',
          kind: 'stock',
          subjectName: 'Digital Tire Pressure Gauge',
          before: { onHand: 12, available: 12 },
          after: { onHand: 20, available: 20, note: 'Shelf counted' },
        }),
      ),
    ).toEqual([
      'Counted the stock of Digital Tire Pressure Gauge',
      'On the shelf: 12 → 20',
      'Available to order: 12 → 20',
      'Note: — → Shelf counted',
    ]);
  });

  it('orders, refunds and returns by their number, statuses in the order pages words', () => {
    expect(
      read(
        row({
          action: 'order.shipped',
          kind: 'order',
          subjectName: 'TW-1042',
          before: { status: 'pending' },
          after: { status: 'shipped', note: null, number: 1042 },
        }),
      ),
    ).toEqual(['Order TW-1042 shipped', 'Status: Paid, being packed → Shipped']);
    expect(
      read(
        row({
          action: 'refund.created',
          kind: 'refund',
          subjectName: 'TW-1043',
          before: { orderId: 'o1', refundedCents: 0, paidCents: 6042 },
          after: {
            orderId: 'o1',
            amountCents: 1350,
            lines: [{ productId: 't1', quantity: 1, amountCents: 1200, taxCents: 0 }],
            shippingCents: 150,
            restock: false,
            reason: 'Scratched box',
            returnId: null,
          },
        }),
      ),
    ).toEqual([
      'Refund on order TW-1043',
      'Amount: $13.50',
      'Units refunded: 1',
      'Shipping refunded: $1.50',
      'Back on the shelf: No',
      'Reason: Scratched box',
      'Refunded before: $0.00 of $60.42 paid',
    ]);
    expect(
      read(
        row({
          action: 'return.approved',
          kind: 'return',
          subjectName: 'TW-1044',
          before: { orderId: 'o2', status: 'shipped' },
          after: { orderId: 'o2', status: 'shipped', note: 'Approved, send it back', number: 1044 },
        }),
      ),
    ).toEqual(['Return of order TW-1044: approved', 'Status: Shipped', 'Note: Approved, send it back']);
  });

  it('roles, outbox retries, reviews, and a kind of row no formatter knows', () => {
    expect(
      read(
        row({
          action: 'role.changed',
          kind: 'account',
          before: { email: 'mia@torque.example', role: 'customer' },
          after: { email: 'mia@torque.example', role: 'manager' },
        }),
      ),
    ).toEqual(['Changed the role of mia@torque.example', 'Role: Customer → Manager']);
    expect(
      read(
        row({
          action: 'outbox.retried',
          kind: 'outbox',
          before: { status: 'dead', attempts: 8, lastError: 'connection refused' },
          after: { status: 'pending', subscriber: 'order-webhook', topic: 'order.status_changed' },
        }),
      ),
    ).toEqual([
      'Sent a failed message again',
      'Message: order.status_changed to order-webhook',
      'Status: dead → pending',
      'Tries before: 8',
      'Last error: connection refused',
    ]);
    expect(
      read(
        row({
          action: 'review.published',
          kind: 'review',
          subjectName: 'Rita Reviewer',
          before: { status: 'held', commenter: 'Rita Reviewer', comment: 'Fits my Civic.' },
          after: { status: 'published', commenter: 'Rita Reviewer', comment: 'Fits my Civic.' },
        }),
      ),
    ).toEqual([
      'Published the review by Rita Reviewer',
      'Review: “Fits my Civic.”',
      'Status: Awaiting approval → Published',
    ]);
    expect(
      read(
        row({
          action: 'review.replied',
          kind: 'review',
          subjectName: 'Rita Reviewer',
          before: { reply: null },
          after: { reply: 'Thanks, Rita!' },
        }),
      ),
    ).toEqual(['Replied to the review by Rita Reviewer', "The store's reply: — → Thanks, Rita!"]);
    expect(
      read(
        row({
          action: 'synonym.created',
          kind: 'synonym',
          subjectName: null,
          before: null,
          after: { term: 'break', replacement: 'brake', createdAt: '2026-11-28T10:00:00.000Z' },
        }),
      ),
    ).toEqual(['Synonym created', 'Term: break', 'Replacement: brake', 'Created at: 2026-11-28 10:00 UTC']);
  });
});
