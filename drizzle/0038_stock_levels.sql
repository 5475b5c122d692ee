-- A product's stock moves to a table the inventory owns (docs/decisions/089): one row per product
-- and location, 'main' for every product for now. Every figure is copied from the product's row;
-- for one release the store moves both in one statement, so instances of the release before, which
-- read and write only the product's row, keep working through a rolling restart.
CREATE TABLE IF NOT EXISTS "stock_levels" (
	"tool_id" uuid NOT NULL,
	"location_id" text DEFAULT 'main' NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_levels_tool_id_location_id_pk" PRIMARY KEY("tool_id","location_id"),
	CONSTRAINT "stock_levels_available_not_negative" CHECK ("stock_levels"."available" >= 0),
	CONSTRAINT "stock_levels_on_hand_not_negative" CHECK ("stock_levels"."on_hand" >= 0),
	CONSTRAINT "stock_levels_reserved_not_negative" CHECK ("stock_levels"."reserved" >= 0),
	CONSTRAINT "stock_levels_available_is_on_hand_less_reserved" CHECK ("stock_levels"."available" = "stock_levels"."on_hand" - "stock_levels"."reserved"),
	CONSTRAINT "stock_levels_one_location_for_now" CHECK ("stock_levels"."location_id" = 'main')
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint

-- The copy must see every move committed before it: products' rows are held against writes (reads
-- go on) until this migration commits. Moves made after by the release before are copied by the
-- next move of the same product, which sets the level from the product's row (inventory.service.ts).
LOCK TABLE "tools" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "stock_levels" ("tool_id", "location_id", "on_hand", "reserved", "available")
  SELECT "id", 'main', "on_hand_quantity", "reserved_quantity", "available_quantity" FROM "tools";
--> statement-breakpoint

-- A product is created with its opening stock however it is created (the owner's form, the CSV
-- import, the seeds, an instance of the release before): its 'main' level with the opening row.
CREATE OR REPLACE FUNCTION record_opening_stock() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO stock_levels (tool_id, location_id, on_hand, reserved, available)
    SELECT id, 'main', on_hand_quantity, reserved_quantity, available_quantity FROM created_tools;
  INSERT INTO stock_movements (tool_id, delta, on_hand_delta, reason)
    SELECT id, available_quantity, available_quantity, 'opening' FROM created_tools WHERE available_quantity <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- What other rooms read: a product's stock over all its locations. With one location per product
-- (the CHECK above) that is its one row, which the planner joins like the table itself (an index
-- probe for a page, a hash join for a count); a sum with GROUP BY is never joined by index and
-- costs a pass over every level for each list (measured in docs/decisions/089). The issue that
-- adds locations turns this into the sum and drops the CHECK.
CREATE VIEW "product_stock" AS
  SELECT "tool_id", "on_hand", "reserved", "available" FROM "stock_levels";
