/**
 * Who works in the store and what each may do. The server's guard reads these sets (with the
 * access each route declares in its options); the web app reads them, with each page's access in
 * contract/pages.ts, only to show each person the pages they may open. The server refuses
 * regardless of what a page shows.
 */

/** The store's staff, most powerful first. A customer is an account with none of these. */
export const staffRoles = ['owner', 'manager', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** What an account is: a customer or one of the staff roles. */
export const accountRoles = ['customer', ...staffRoles] as const;
export type AccountRole = (typeof accountRoles)[number];

/** The roles the owner may give (the owner role itself comes from ADMIN_EMAILS or the first admin). */
export const assignableRoles = ['manager', 'staff', 'customer'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

/** Every permission a route can require. Adding one means giving it to roles below. */
export const permissions = [
  'products.read',
  'products.write',
  'stock.write',
  'orders.read',
  /** An order's money: prices, totals, refunds, payment, receipts and credit notes. */
  'orders.money',
  'orders.ship',
  'orders.cancel',
  /** Place an order for a customer, by phone, or send them a quote (decision 103). */
  'orders.create',
  /** Add parts to a paid order before it ships (decision 103). */
  'orders.edit',
  'refunds.create',
  'returns.read',
  'returns.decide',
  'returns.receive',
  'inbox.read',
  'inbox.reply',
  'reports.read',
  /** The books: finance figures, the tax report and the accountant's files (the owner's alone). */
  'books.read',
  'customers.read',
  /** Mark a customer as a trade account: its price list and resale certificate (decision 095). */
  'trade.write',
  /** Extend credit: order on account, its limit and terms (decision 102; the owner's alone). */
  'credit.write',
  /** Record payments against invoices on account (decision 102). */
  'invoices.write',
  'roles.write',
  /** Suppliers and purchase orders: who the store buys from, what it orders, what came in (decision 097). */
  'purchasing.read',
  'purchasing.write',
  'mailbox.read',
  'outbox.read',
  'outbox.retry',
  'notifications.own',
  'discounts.read',
  'discounts.write',
  'reviews.moderate',
  'settings.read',
  'settings.write',
  'audit.read',
] as const;
export type Permission = (typeof permissions)[number];

/**
 * What a server route asks of its caller, declared in the route's own options (`config.access`):
 * `public` (anyone), `signedIn` (any account, acting as itself), or a permission its role must hold.
 */
export type RouteAccess = 'public' | 'signedIn' | Permission;

/**
 * Staff ship orders, receive returns and answer the Inbox; they see no money figures (no order's
 * prices, totals, refunds or payment, no receipts, no sales) and no settings.
 */
const STAFF: readonly Permission[] = [
  'orders.read',
  'orders.ship',
  'returns.read',
  'returns.receive',
  'inbox.read',
  'inbox.reply',
  'notifications.own',
];

/** Managers run products, orders, refunds, returns, discounts, reviews, trade accounts, purchasing and the Inbox. */
const MANAGER: readonly Permission[] = [
  ...STAFF,
  'orders.money',
  'products.read',
  'products.write',
  'stock.write',
  'orders.cancel',
  'orders.create',
  'orders.edit',
  'refunds.create',
  'returns.decide',
  'reports.read',
  'customers.read',
  'trade.write',
  'invoices.write',
  'purchasing.read',
  'purchasing.write',
  'mailbox.read',
  'outbox.read',
  'outbox.retry',
  'discounts.read',
  'discounts.write',
  'reviews.moderate',
];

/** The owner does everything, and alone changes roles, settings, and reads the audit log. */
export const ROLE_PERMISSIONS: Record<AccountRole, ReadonlySet<Permission>> = {
  customer: new Set(),
  staff: new Set(STAFF),
  manager: new Set(MANAGER),
  owner: new Set(permissions),
};

/** Whether an account of this role holds the permission. */
export function may(role: AccountRole | undefined, permission: Permission): boolean {
  return role !== undefined && ROLE_PERMISSIONS[role].has(permission);
}

export function isStaffRole(role: AccountRole | undefined): role is StaffRole {
  return role === 'owner' || role === 'manager' || role === 'staff';
}

/** How each role is named on the pages. */
export const ROLE_LABELS: Record<AccountRole, string> = {
  customer: 'Customer',
  staff: 'Staff',
  manager: 'Manager',
  owner: 'Owner',
};

/**
 * What each role the owner gives may do, as the role control says it before a change. The staff's
 * words are what the server holds them to: the order desk answers them without money (decision 079).
 */
export const ROLE_DESCRIPTIONS: Record<AssignableRole, string> = {
  manager: 'A manager runs products, orders, refunds, returns, discounts, purchasing and the Inbox.',
  staff:
    'Staff ship orders, receive returns and answer the Inbox. They see what to ship and to whom, never an order’s prices, totals, refunds or payment, and no sales or settings.',
  customer: 'A customer shops; the dashboard shows them their own orders only.',
};
