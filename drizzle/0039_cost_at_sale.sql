-- Cost and margin (docs/books.md, decision 091): a product's cost per unit, the owner's figure, and
-- the cost at sale copied onto each order line when the order is placed, so a margin does not move
-- when the cost changes later. Both nullable with no default: a cost not known is not zero, and an
-- instance that does not know the columns keeps writing products and orders without them.
ALTER TABLE "tools" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cost_cents" bigint;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_cost_not_negative" CHECK ("tools"."cost_cents" is null or "tools"."cost_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cost_not_negative" CHECK ("order_lines"."cost_cents" is null or "order_lines"."cost_cents" >= 0);--> statement-breakpoint
-- Invoice and credit-note numbers (decision 091): sequential and without gaps across instances.
-- The database gives them, in the transaction that pays the order or settles the refund: a trigger
-- takes the next number from the document's row of document_numbers, whose lock makes two
-- instances wait for each other there, and whose update rolls back with a payment rolled back.
CREATE TABLE IF NOT EXISTS "document_numbers" (
	"kind" text PRIMARY KEY NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_number" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_number_idx" ON "refunds" USING btree ("credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
-- The books read the orders paid and the refunds succeeded in a period, and page through them.
CREATE INDEX IF NOT EXISTS "orders_paid_idx" ON "orders" USING btree ("paid_at","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_succeeded_idx" ON "refunds" USING btree ("updated_at","id") WHERE "refunds"."status" = 'succeeded';--> statement-breakpoint
-- What was paid and refunded before: numbered in the order it happened.
UPDATE "orders" o SET "invoice_number" = n.rank FROM (
  SELECT "id", row_number() OVER (ORDER BY "paid_at", "number") AS rank FROM "orders" WHERE "paid_at" IS NOT NULL
) n WHERE o."id" = n."id";--> statement-breakpoint
UPDATE "refunds" r SET "credit_note_number" = n.rank FROM (
  SELECT "id", row_number() OVER (ORDER BY "updated_at", "id") AS rank FROM "refunds" WHERE "status" = 'succeeded'
) n WHERE r."id" = n."id";--> statement-breakpoint
INSERT INTO "document_numbers" ("kind", "last") VALUES
  ('invoice', (SELECT coalesce(max("invoice_number"), 0) FROM "orders")),
  ('credit_note', (SELECT coalesce(max("credit_note_number"), 0) FROM "refunds"))
ON CONFLICT ("kind") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION number_invoice() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.paid_at IS NOT NULL AND NEW.invoice_number IS NULL THEN
    UPDATE document_numbers SET last = last + 1 WHERE kind = 'invoice' RETURNING last INTO NEW.invoice_number;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_invoice_number BEFORE INSERT OR UPDATE OF paid_at ON orders
  FOR EACH ROW EXECUTE FUNCTION number_invoice();--> statement-breakpoint
CREATE OR REPLACE FUNCTION number_credit_note() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.status = 'succeeded' AND NEW.credit_note_number IS NULL THEN
    UPDATE document_numbers SET last = last + 1 WHERE kind = 'credit_note' RETURNING last INTO NEW.credit_note_number;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER refunds_credit_note_number BEFORE INSERT OR UPDATE OF status ON refunds
  FOR EACH ROW EXECUTE FUNCTION number_credit_note();
