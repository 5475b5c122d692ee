DROP INDEX "tools_created_at_idx";--> statement-breakpoint
DROP INDEX "tools_price_idx";--> statement-breakpoint
DROP INDEX "tools_name_idx";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "description_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_catalog_order_idx" ON "tools" USING btree ("created_at","id") WHERE "tools"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "tools_price_order_idx" ON "tools" USING btree ("price_cents","id") WHERE "tools"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "tools_name_order_idx" ON "tools" USING btree (lower("name"),"id") WHERE "tools"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops) WHERE "tools"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "tools_description_trgm_idx" ON "tools" USING gin ("description_text" gin_trgm_ops) WHERE "tools"."retired_at" is null;