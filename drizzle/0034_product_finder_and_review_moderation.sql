-- Manage Product finds any product, drafts and archived included, by name order (docs/decisions/082):
-- each of its orders and filters reads an index over every product. The catalog's own indexes
-- leave retired products out, so they cannot serve it. `name` is the last key of the name index so
-- a deep page is counted off the index alone (an expression index cannot answer by itself).
CREATE INDEX "tools_admin_name_idx" ON "tools" USING btree (lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "tools_admin_category_idx" ON "tools" USING btree ("category_slug",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "tools_admin_brand_idx" ON "tools" USING btree ("brand",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "tools_admin_status_idx" ON "tools" USING btree ("status",lower("name"),"id") WHERE "tools"."status" <> 'active';--> statement-breakpoint
-- Reviews worth trusting (docs/decisions/077): a review is published, held for approval or hidden;
-- it says whether its writer bought what it reviews in a paid order; the store may reply in public.
ALTER TABLE "reviews" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_known" CHECK ("reviews"."status" in ('published', 'held', 'hidden'));--> statement-breakpoint
-- Reviews written before the mark existed get it when their writer had bought (as new ones are marked).
UPDATE "reviews" r SET "verified" = true
WHERE r."user_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "orders" o
  WHERE o."user_id" = r."user_id" AND o."paid_at" IS NOT NULL
    AND (r."tool_id" IS NULL OR EXISTS (
      SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id" AND l."tool_id" = r."tool_id")));--> statement-breakpoint
-- A product deleted outright (nobody ordered it) takes its reviews along: they were about it, not
-- about the store, where "set null" used to move them.
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_tool_id_tools_id_fk";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("tool_id","created_at") WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at");
