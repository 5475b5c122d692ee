-- Places where stock is kept (docs/decisions/099-stock-in-places.md): the places, a product's
-- figures and bin at each, transfers between them, and the place of every ledger row, parcel and
-- receipt. stock_levels stays the product's total, which the catalog reads; everything the store
-- held before places is at `main`, which this migration creates.
CREATE TABLE "location_stock" (
	"product_id" uuid NOT NULL,
	"location_id" text NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"bin" text,
	CONSTRAINT "location_stock_product_id_location_id_pk" PRIMARY KEY("product_id","location_id"),
	CONSTRAINT "location_stock_on_hand_not_negative" CHECK ("location_stock"."on_hand" >= 0),
	CONSTRAINT "location_stock_reserved_not_negative" CHECK ("location_stock"."reserved" >= 0),
	CONSTRAINT "location_stock_available_is_on_hand_less_reserved" CHECK ("location_stock"."available" = "location_stock"."on_hand" - "location_stock"."reserved"),
	CONSTRAINT "location_stock_available_not_negative" CHECK ("location_stock"."available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'warehouse' NOT NULL,
	"line1" text,
	"city" text,
	"region" text,
	"postal_code" text,
	"country" text DEFAULT 'US' NOT NULL,
	"pick_order" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"product_id" uuid NOT NULL,
	"from_location_id" text NOT NULL,
	"to_location_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"note" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "stock_transfers_number_unique" UNIQUE("number"),
	CONSTRAINT "stock_transfers_quantity_positive" CHECK ("stock_transfers"."quantity" > 0),
	CONSTRAINT "stock_transfers_two_places" CHECK ("stock_transfers"."from_location_id" <> "stock_transfers"."to_location_id")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "location_id" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "location_id" text;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "location_id" text;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_location_id_stock_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_location_id_stock_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_stock_location_idx" ON "location_stock" USING btree ("location_id","bin");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_name_idx" ON "stock_locations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "stock_transfers_status_idx" ON "stock_transfers" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_unplaced_idx" ON "stock_movements" USING btree ("product_id") WHERE "stock_movements"."location_id" is null;--> statement-breakpoint
INSERT INTO "stock_locations" ("id", "name", "kind", "pick_order") VALUES ('main', 'Main warehouse', 'warehouse', 1);
--> statement-breakpoint
INSERT INTO "location_stock" ("product_id", "location_id", "on_hand", "reserved", "available")
  SELECT "product_id", 'main', "on_hand", "reserved", "available" FROM "stock_levels";
--> statement-breakpoint
UPDATE "stock_movements" SET "location_id" = 'main' WHERE "location_id" IS NULL;
--> statement-breakpoint
-- A new product's opening stock goes to the first open place, where its ledger row says it is.
CREATE OR REPLACE FUNCTION record_opening_stock() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  first_place text := coalesce(
    (SELECT id FROM stock_locations WHERE active ORDER BY pick_order, id LIMIT 1), 'main');
BEGIN
  INSERT INTO stock_levels (product_id, location_id, on_hand, reserved, available)
    SELECT id, 'main', on_hand_quantity, reserved_quantity, available_quantity FROM created_tools;
  INSERT INTO location_stock (product_id, location_id, on_hand, reserved, available)
    SELECT id, first_place, on_hand_quantity, reserved_quantity, available_quantity FROM created_tools;
  INSERT INTO stock_movements (product_id, delta, on_hand_delta, reason, location_id)
    SELECT id, available_quantity, available_quantity, 'opening', first_place
    FROM created_tools WHERE available_quantity <> 0;
  RETURN NULL;
END
$$;
