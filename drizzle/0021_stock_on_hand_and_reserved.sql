-- Stock on hand and reserved (docs/decisions/037). The column pair is added, the ledger's rows
-- are split into their on-hand and reserved parts, the units of orders already shipped leave the
-- shelf as `sale` rows, and every product's figures are set to the sums of its ledger, before the
-- CHECKs that keep them so are added.
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_delta_not_zero";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "on_hand_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "reserved_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "on_hand_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "reserved_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

-- Until now a row's delta was what buyers could order: an order's rows took from it (a reservation),
-- every other row changed the shelf.
UPDATE "stock_movements" SET "reserved_delta" = -"delta"
  WHERE "reason" IN ('order_placed', 'order_cancelled', 'order_expired', 'payment_revived');--> statement-breakpoint
UPDATE "stock_movements" SET "on_hand_delta" = "delta"
  WHERE "reason" NOT IN ('order_placed', 'order_cancelled', 'order_expired', 'payment_revived');--> statement-breakpoint

-- Orders already shipped took their units off the shelf: a sale row per line ends their reservation
-- and takes them from on hand (what buyers can order does not change).
INSERT INTO "stock_movements" ("tool_id", "delta", "on_hand_delta", "reserved_delta", "reason", "order_id", "note", "created_at")
  SELECT l."tool_id", 0, -l."quantity", -l."quantity", 'sale', o."id", 'shipped before stock on hand was kept', coalesce(o."shipped_at", now())
  FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE o."status" IN ('shipped', 'refunded', 'partially_refunded');--> statement-breakpoint

UPDATE "tools" t SET "on_hand_quantity" = s."on_hand", "reserved_quantity" = s."reserved"
  FROM (SELECT "tool_id", sum("on_hand_delta")::int AS "on_hand", sum("reserved_delta")::int AS "reserved"
        FROM "stock_movements" GROUP BY "tool_id") s
  WHERE s."tool_id" = t."id";--> statement-breakpoint

-- A product is created with what buyers may order, all of it on the shelf; the opening row records
-- it on hand.
CREATE FUNCTION open_stock_on_hand() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.on_hand_quantity := NEW.available_quantity;
  NEW.reserved_quantity := 0;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER tools_open_stock_on_hand BEFORE INSERT ON tools
  FOR EACH ROW EXECUTE FUNCTION open_stock_on_hand();--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_opening_stock() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO stock_movements (tool_id, delta, on_hand_delta, reason)
    SELECT id, available_quantity, available_quantity, 'opening' FROM created_tools WHERE available_quantity <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint

ALTER TABLE "tools" ADD CONSTRAINT "tools_on_hand_not_negative" CHECK ("tools"."on_hand_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_reserved_not_negative" CHECK ("tools"."reserved_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_available_is_on_hand_less_reserved" CHECK ("tools"."available_quantity" = "tools"."on_hand_quantity" - "tools"."reserved_quantity");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_delta_adds_up" CHECK ("stock_movements"."delta" = "stock_movements"."on_hand_delta" - "stock_movements"."reserved_delta");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_moves_something" CHECK ("stock_movements"."on_hand_delta" <> 0 or "stock_movements"."reserved_delta" <> 0 or "stock_movements"."reason" = 'damaged');
