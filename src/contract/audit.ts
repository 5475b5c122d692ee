import { z } from 'zod';

/**
 * The audit log: every change made by the store's staff, who made it, when, from which address,
 * and the thing before and after. Read by the owner only (GET /api/audit).
 */

/** The kinds of things a row is about: the page's "kind" filter. */
export const auditKinds = [
  'product',
  'stock',
  'category',
  'brand',
  'import',
  'order',
  'refund',
  'return',
  'account',
  'outbox',
  'setting',
  'discount',
  'search',
  'message',
  'mail',
  'review',
  'supplier',
  'purchase_order',
  'location',
  'transfer',
  'customer_group',
  'invoice_payment',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  product: 'Products',
  stock: 'Stock counts',
  category: 'Categories',
  brand: 'Brands',
  import: 'Imports',
  order: 'Orders',
  refund: 'Refunds',
  return: 'Returns',
  account: 'Roles',
  outbox: 'Outbox retries',
  setting: 'Settings',
  discount: 'Discounts',
  search: 'Search words',
  message: 'Inbox messages',
  mail: 'Mailbox',
  review: 'Reviews',
  supplier: 'Suppliers',
  purchase_order: 'Purchase orders',
  location: 'Stock places',
  transfer: 'Stock transfers',
  customer_group: 'Customer groups',
  invoice_payment: 'Payments on account',
};

/** A calendar day, YYYY-MM-DD; a real one ("2026-02-30" is refused). */
const day = z
  .string()
  .regex(/^2\d{3}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD')
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
  }, 'Give a real date as YYYY-MM-DD');

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/audit: newest first; `person` matches part of the actor's e-mail; days are UTC, both ends included. */
export const AuditQuery = z
  .object({
    person: z.string().trim().max(254).optional(),
    kind: z.enum(auditKinds).optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The period must end on or after its start',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  /** Null: the store itself (a job, the command line). */
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  kind: z.string(),
  subjectId: z.string(),
  /** What the thing is called now (a product's name, an order's number, a discount's code); null when gone. */
  subjectName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof AuditPage>;
