-- The stock ledger's opening rows (docs/architecture.md, "Stock"). Written by hand: drizzle-kit
-- does not generate triggers, deferrable constraints or data.

-- An order's reservation is written before the order row in the same transaction (the ledger row
-- names the order it was for), so the reference is checked at commit.
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk"
  FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint

-- A product's first stock is its opening movement, however the product was created (the admin
-- form, the demo seed, a bulk load of 100,000): the ledger then always sums to available_quantity.
CREATE FUNCTION record_opening_stock() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO stock_movements (tool_id, delta, reason)
    SELECT id, available_quantity, 'opening' FROM created_tools WHERE available_quantity <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tools_opening_stock AFTER INSERT ON tools
  REFERENCING NEW TABLE AS created_tools
  FOR EACH STATEMENT EXECUTE FUNCTION record_opening_stock();
--> statement-breakpoint

-- Products that existed before the ledger open it with what they have now (their open
-- reservations are already taken out of that number).
INSERT INTO stock_movements (tool_id, delta, reason, note)
  SELECT id, available_quantity, 'opening', 'stock when the ledger began' FROM tools WHERE available_quantity <> 0;
