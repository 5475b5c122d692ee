import { z } from 'zod';
import { SavedAddress } from './addresses';
import { wireOrderStatuses } from './orders';
import { accountRoles, assignableRoles } from './roles';

/**
 * The customers list (the spec's Make Admin page grown into it): every account, with what it
 * bought. "Orders" are the orders that were paid; "spent" is what those orders charged less what
 * was refunded of them, in cents.
 */

export const CUSTOMERS_PAGE_SIZE = 25;

export const CustomersQuery = z.object({
  /** Part of a name or an e-mail address. */
  search: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CustomersQuery = z.infer<typeof CustomersQuery>;

export const CustomerSummary = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  role: z.enum(accountRoles),
  joinedAt: z.string(),
  ordersCount: z.number().int(),
  spentCents: z.number().int(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const CustomersPage = z.object({
  customers: z.array(CustomerSummary),
  page: z.number().int(),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomersPage = z.infer<typeof CustomersPage>;

export const CustomerOrder = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  status: z.enum(wireOrderStatuses),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  paid: z.boolean(),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;

export const CustomerDetail = z.object({
  customer: CustomerSummary,
  orders: z.array(CustomerOrder),
  addresses: z.array(SavedAddress),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

export const CustomerParams = z.object({ id: z.string().min(1).max(100) });

/** PUT /api/customers/:id/role (owner): manager, staff, or back to customer. */
export const RoleChangeInput = z.object({ role: z.enum(assignableRoles) });
export type RoleChangeInput = z.infer<typeof RoleChangeInput>;

export const RoleChangeAnswer = z.object({ role: z.enum(accountRoles) });

export const OWNER_ROLE_FIXED = "The owner's role is set by the store's configuration, not here.";
