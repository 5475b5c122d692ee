CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"applies_to" text DEFAULT 'order' NOT NULL,
	"category_slugs" text[] DEFAULT '{}' NOT NULL,
	"brand_names" text[] DEFAULT '{}' NOT NULL,
	"min_subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_code_or_automatic" CHECK (("discounts"."code" is null) = "discounts"."automatic"),
	CONSTRAINT "discounts_code_shape" CHECK ("discounts"."code" is null or "discounts"."code" ~ '^[A-Z0-9_-]{3,32}$'),
	CONSTRAINT "discounts_kind_known" CHECK ("discounts"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discounts_value_in_range" CHECK (("discounts"."kind" = 'percent' and "discounts"."value" between 0 and 10000) or ("discounts"."kind" = 'fixed' and "discounts"."value" >= 0)),
	CONSTRAINT "discounts_applies_to_known" CHECK ("discounts"."applies_to" in ('order', 'categories', 'brands')),
	CONSTRAINT "discounts_limits_positive" CHECK (("discounts"."usage_limit" is null or "discounts"."usage_limit" >= 1) and ("discounts"."per_customer_limit" is null or "discounts"."per_customer_limit" >= 1) and "discounts"."min_subtotal_cents" >= 0),
	CONSTRAINT "discounts_used_count_not_negative" CHECK ("discounts"."used_count" >= 0),
	CONSTRAINT "discounts_ends_after_start" CHECK ("discounts"."ends_at" is null or "discounts"."ends_at" > "discounts"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_idx" ON "discounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discounts_automatic_idx" ON "discounts" USING btree ("starts_at") WHERE "discounts"."automatic";--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"discount_id" uuid NOT NULL,
	"user_id" text,
	"buyer" text NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_uses_customer_idx" ON "discount_uses" USING btree ("discount_id","buyer") WHERE "discount_uses"."released_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_label" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_adds_up";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."shipping_cents" + "orders"."tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_subtotal" CHECK ("orders"."discount_cents" between 0 and "orders"."subtotal_cents" and "orders"."shipping_discount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_within_line" CHECK ("order_lines"."discount_cents" between 0 and "order_lines"."unit_price_cents" * "order_lines"."quantity");
