/**
 * Who may write each table: folders or files under src/server, by the table's SQL name. The
 * architecture test reads this map and fails when an insert, update or delete of a table (a drizzle
 * call or an `insert into ${table}` in SQL) appears anywhere else, and when a table of the schema is
 * missing here or from docs/architecture.md's ownership table. Tests, the seed and the command line
 * scripts may write any table: they stand in for the store's history.
 */
export const tableOwners: Readonly<Record<string, readonly string[]>> = {
  // The catalog; a product's stock figures only through the inventory module (decision 037).
  tools: ['modules/catalog/', 'modules/inventory/'],
  categories: ['modules/catalog/'],
  brands: ['modules/catalog/'],
  part_numbers: ['modules/catalog/'],
  fitments: ['modules/catalog/'],
  product_images: ['modules/catalog/'],
  product_changes: ['modules/catalog/'],
  bulk_changes: ['modules/catalog/'],
  catalog_imports: ['modules/catalog/'],
  catalog_import_rows: ['modules/catalog/'],
  search_synonyms: ['modules/catalog/'],
  // Kept by triggers from product, brand and category words (decision 046).
  search_words: [],
  vehicles: ['modules/catalog/'],
  garage_vehicles: ['modules/vehicles/'],
  stock_movements: ['modules/inventory/'],
  orders: ['modules/orders/'],
  order_lines: ['modules/orders/'],
  order_events: ['modules/orders/'],
  shipments: ['modules/orders/'],
  refunds: ['modules/orders/'],
  returns: ['modules/orders/'],
  discounts: ['modules/discounts/'],
  discount_uses: ['modules/discounts/'],
  cart_lines: ['modules/cart/'],
  // Kept by the cart_lines_touch trigger (decision 060).
  cart_activity: [],
  cart_reminders: ['edge/cart-reminders/'],
  addresses: ['modules/addresses/'],
  payment_intents: ['modules/payments/'],
  processed_webhook_events: ['modules/payments/'],
  outbox_messages: ['kernel/outbox/', 'kernel/jobs/job-runner.ts'],
  scheduled_jobs: ['kernel/jobs/job-runner.ts'],
  mails: ['kernel/mail-delivery/'],
  reviews: ['modules/reviews/'],
  contact_messages: ['modules/contact/'],
  contact_replies: ['modules/contact/'],
  admin_notification_settings: ['edge/notifications/'],
  profiles: ['modules/accounts/'],
  // better-auth writes its own tables; roles and accounts by the accounts module (decision 051).
  user: ['kernel/identity/', 'modules/accounts/'],
  session: ['kernel/identity/', 'modules/accounts/'],
  account: ['kernel/identity/', 'modules/accounts/'],
  verification: ['kernel/identity/', 'modules/accounts/'],
  audit_log: ['kernel/audit/'],
  store_settings: ['kernel/identity/auth-secret.ts', 'seed/seed.ts'],
  settings_sections: ['kernel/settings/'],
  rate_limits: ['kernel/limits/'],
};
