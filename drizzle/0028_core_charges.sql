ALTER TABLE "order_lines" ADD COLUMN "core_charge_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cores_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cores_returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cores_within_quantity" CHECK ("order_lines"."core_charge_cents" >= 0 and "order_lines"."cores_refunded" between 0 and "order_lines"."quantity" and "order_lines"."cores_returned" between 0 and "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "core_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_amount_adds_up";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_adds_up" CHECK ("refunds"."amount_cents" = "refunds"."goods_cents" + "refunds"."core_cents" + "refunds"."tax_cents" + "refunds"."shipping_cents" + "refunds"."other_cents" and "refunds"."amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "kind" text DEFAULT 'parts' NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_kind_known" CHECK ("returns"."kind" in ('parts', 'core'));
--> statement-breakpoint
UPDATE "categories" SET "description" = 'Brake pads, rotors and calipers for cars, SUVs and trucks.' WHERE "slug" = 'brakes' AND "description" = 'Brake pads for cars, SUVs and trucks.';--> statement-breakpoint
UPDATE "categories" SET "description" = 'Parts matched to your vehicle: lights, brakes, charging, wheels and tires.' WHERE "slug" = 'parts' AND "description" = 'Parts matched to your vehicle: lights, brakes, wheels and tires.';
