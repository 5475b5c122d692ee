-- The order's money beside its fulfilment (docs/decisions/087): a charge status the money machine
-- keeps (not_charged, charged, partially_refunded, refunded). Nullable with no default: an instance
-- that does not know the column keeps writing orders without it, and the new code reads a null as
-- what the payment and the refunds say (chargeStatusOfRow), so both run side by side.
ALTER TABLE "orders" ADD COLUMN "charge_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charge_status_known" CHECK (charge_status in ('not_charged', 'charged', 'partially_refunded', 'refunded'));--> statement-breakpoint
-- Orders whose money moved get the status it says; unpaid ones stay null (no payment yet), so a
-- payment taken by an older instance is never contradicted by a stored not_charged.
UPDATE "orders" SET "charge_status" = CASE
    WHEN "refunded_cents" = 0 THEN 'charged'
    WHEN "refunded_cents" >= "total_cents" THEN 'refunded'
    ELSE 'partially_refunded'
  END
WHERE "paid_at" IS NOT NULL AND "charge_status" IS NULL;--> statement-breakpoint
-- partially_refunded was the order status of partial refunds before the charge status said it;
-- no code writes it any more and no move leaves it: such rows read their fulfilment again (every
-- unit shipped or given back, some shipped, or none), the charge status keeps the refund.
UPDATE "orders" o SET "status" = CASE
    WHEN NOT EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id" AND l."shipped_quantity" > 0) THEN 'pending'
    WHEN EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id"
      AND l."quantity" - l."shipped_quantity" - l."released_quantity" > 0) THEN 'partially_shipped'
    ELSE 'shipped'
  END
WHERE o."status" = 'partially_refunded';
