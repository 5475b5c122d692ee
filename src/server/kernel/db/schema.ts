/**
 * The store's tables, one file per owning module. One schema for PGlite and PostgreSQL
 * (docs/decisions/001); migrations in drizzle/ are written by hand from these files. Who writes which
 * table is in docs/architecture.md and in each room's module descriptor (`tables`), which the ladder
 * test (src/server/ladder.test.ts) checks.
 *
 * This file only re-exports; the room's face (index.ts) re-exports it, so `import { tools } from
 * '../../kernel/db'` and the `schema` namespace work everywhere. The files import one another in one
 * direction only (auth, then catalog-core, discount, order-core, then everything that points at
 * products or orders); none imports this file, so the schema has no import loop (the ladder test
 * fails on one).
 */
export * from './addresses-schema';
export * from './after-sale-schema';
export * from './audit-schema';
export * from './auth-schema';
export * from './cart-reminder-schema';
export * from './cart-schema';
export * from './catalog-core-schema';
export * from './catalog-schema';
export * from './contact-schema';
export * from './credit-schema';
export * from './discount-schema';
export * from './discount-uses-schema';
export * from './fitment-schema';
export * from './inbox-schema';
export * from './inventory-schema';
export * from './jobs-schema';
export * from './limits-schema';
export * from './mail-schema';
export * from './notifications-schema';
export * from './order-core-schema';
export * from './outbox-schema';
export * from './payment-schema';
export * from './profile-schema';
export * from './purchasing-schema';
export * from './quote-schema';
export * from './receivables-schema';
export * from './review-schema';
export * from './settings-schema';
export * from './store-settings-schema';
export * from './trade-schema';
export * from './vehicle-data-schema';
export * from './vehicles-schema';
