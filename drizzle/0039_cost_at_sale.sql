-- Cost and margin (docs/books.md, decision 091): a product's cost per unit, the owner's figure, and
-- the cost at sale copied onto each order line when the order is placed, so a margin does not move
-- when the cost changes later. Both nullable with no default: a cost not known is not zero, and an
-- instance that does not know the columns keeps writing products and orders without them.
ALTER TABLE "tools" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cost_cents" bigint;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_cost_not_negative" CHECK ("tools"."cost_cents" is null or "tools"."cost_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cost_not_negative" CHECK ("order_lines"."cost_cents" is null or "order_lines"."cost_cents" >= 0);
