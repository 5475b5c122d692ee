-- Shipments, refunds and what happened to each line's units (docs/decisions/038, 039).
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"goods_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"other_cents" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"return_id" uuid,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_adds_up" CHECK ("refunds"."amount_cents" = "refunds"."goods_cents" + "refunds"."tax_cents" + "refunds"."shipping_cents" + "refunds"."other_cents" and "refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"lines" jsonb NOT NULL,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "released_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_request_note" text;--> statement-breakpoint
-- Orders shipped before shipments were kept: every unit went out in one parcel.
UPDATE "order_lines" l SET "shipped_quantity" = l."quantity" FROM "orders" o
  WHERE o."id" = l."order_id" AND o."status" IN ('shipped', 'refunded', 'partially_refunded');--> statement-breakpoint
INSERT INTO "shipments" ("order_id", "carrier", "tracking_number", "lines", "created_at")
  SELECT o."id", o."carrier", o."tracking_number",
    (SELECT jsonb_agg(jsonb_build_object('toolId', l."tool_id", 'quantity', l."quantity") ORDER BY l."line_no")
       FROM "order_lines" l WHERE l."order_id" = o."id"),
    coalesce(o."shipped_at", now())
  FROM "orders" o WHERE o."status" IN ('shipped', 'refunded', 'partially_refunded');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key_idx" ON "refunds" USING btree ("order_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_idx" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_counters_within_quantity" CHECK ("order_lines"."shipped_quantity" >= 0 and "order_lines"."released_quantity" >= 0 and "order_lines"."shipped_quantity" + "order_lines"."released_quantity" <= "order_lines"."quantity"
        and "order_lines"."refunded_quantity" between 0 and "order_lines"."quantity" and "order_lines"."returned_quantity" between 0 and "order_lines"."shipped_quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_cents" between 0 and "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK (status in ('unpaid', 'pending', 'partially_shipped', 'shipped', 'cancelled', 'expired', 'refunded', 'partially_refunded'));