-- One product name (docs/decisions/096-one-product-name.md). The catalog's table is `products`
-- and every column naming a product is `product_id`; the order's one-product summary is no longer
-- stored. Written by hand: drizzle-kit cannot write a rename without asking, nor the triggers.
--
-- Instances of the release before keep running during a rolling restart and still say `tools`,
-- `tool_id` and `toolId`. For one release they find what they expect: a view `tools` over
-- `products` (simple, so they may write through it), a twin `tool_id` beside each `product_id`
-- kept equal by a trigger whichever of the two a statement wrote, the unique indexes their upserts
-- name, a `toolId` beside each `productId` in the stored lines, and the catalog announced under
-- both names. The next release drops all of these (the list is `formerColumns` in the schema).

ALTER TABLE tools RENAME TO products;
--> statement-breakpoint
CREATE VIEW tools AS SELECT * FROM products;
--> statement-breakpoint
ALTER INDEX tools_catalog_order_idx RENAME TO products_catalog_order_idx;
--> statement-breakpoint
ALTER INDEX tools_price_order_idx RENAME TO products_price_order_idx;
--> statement-breakpoint
ALTER INDEX tools_name_order_idx RENAME TO products_name_order_idx;
--> statement-breakpoint
ALTER INDEX tools_search_idx RENAME TO products_search_idx;
--> statement-breakpoint
ALTER INDEX tools_category_idx RENAME TO products_category_idx;
--> statement-breakpoint
ALTER INDEX tools_brand_idx RENAME TO products_brand_idx;
--> statement-breakpoint
ALTER INDEX tools_fit_order_idx RENAME TO products_fit_order_idx;
--> statement-breakpoint
ALTER INDEX tools_superseded_by_idx RENAME TO products_superseded_by_idx;
--> statement-breakpoint
ALTER INDEX tools_sku_unique RENAME TO products_sku_unique;
--> statement-breakpoint
ALTER INDEX tools_filter_cover_idx RENAME TO products_filter_cover_idx;
--> statement-breakpoint
ALTER INDEX tools_admin_name_idx RENAME TO products_admin_name_idx;
--> statement-breakpoint
ALTER INDEX tools_admin_category_idx RENAME TO products_admin_category_idx;
--> statement-breakpoint
ALTER INDEX tools_admin_brand_idx RENAME TO products_admin_brand_idx;
--> statement-breakpoint
ALTER INDEX tools_admin_status_idx RENAME TO products_admin_status_idx;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_price_positive TO products_price_positive;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_stock_not_negative TO products_stock_not_negative;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_on_hand_not_negative TO products_on_hand_not_negative;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_reserved_not_negative TO products_reserved_not_negative;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_available_is_on_hand_less_reserved TO products_available_is_on_hand_less_reserved;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_minimum_positive TO products_minimum_positive;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_status_known TO products_status_known;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_not_sold_unless_active TO products_not_sold_unless_active;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_core_charge_not_negative TO products_core_charge_not_negative;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_low_stock_not_negative TO products_low_stock_not_negative;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_not_superseded_by_itself TO products_not_superseded_by_itself;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_cost_not_negative TO products_cost_not_negative;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_category_slug_categories_slug_fk TO products_category_slug_categories_slug_fk;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_superseded_by_id_tools_id_fk TO products_superseded_by_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE products RENAME CONSTRAINT tools_pkey TO products_pkey;
--> statement-breakpoint

ALTER TRIGGER tools_insert_announced ON products RENAME TO products_insert_announced;
--> statement-breakpoint
ALTER TRIGGER tools_update_announced ON products RENAME TO products_update_announced;
--> statement-breakpoint
ALTER TRIGGER tools_delete_announced ON products RENAME TO products_delete_announced;
--> statement-breakpoint
ALTER TRIGGER tools_truncate_announced ON products RENAME TO products_truncate_announced;
--> statement-breakpoint
ALTER TRIGGER tools_description_text_synced ON products RENAME TO products_description_text_synced;
--> statement-breakpoint
ALTER TRIGGER tools_opening_stock ON products RENAME TO products_opening_stock;
--> statement-breakpoint
ALTER TRIGGER tools_insert_search_words ON products RENAME TO products_insert_search_words;
--> statement-breakpoint
ALTER TRIGGER tools_update_search_words ON products RENAME TO products_update_search_words;
--> statement-breakpoint
ALTER TRIGGER tools_search_document_kept ON products RENAME TO products_search_document_kept;
--> statement-breakpoint
ALTER TRIGGER tools_open_stock_on_hand ON products RENAME TO products_open_stock_on_hand;
--> statement-breakpoint

-- The catalog is announced as `products`, and for one release as `tools` too: instances of the
-- release before listen for that name to rebuild their cached catalog answers.
CREATE FUNCTION announce_products_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('table_changes', 'products');
    PERFORM pg_notify('table_changes', 'tools');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_insert_announced ON products;
--> statement-breakpoint
CREATE TRIGGER products_insert_announced AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_products_change();
--> statement-breakpoint
DROP TRIGGER products_delete_announced ON products;
--> statement-breakpoint
CREATE TRIGGER products_delete_announced AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_products_change();
--> statement-breakpoint
DROP TRIGGER products_truncate_announced ON products;
--> statement-breakpoint
CREATE TRIGGER products_truncate_announced AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION announce_products_change();
--> statement-breakpoint

-- As drizzle/0042's, announcing the catalog by both names; a move of the stock figures alone
-- still announces `stock_levels:<ids>`.
CREATE FUNCTION announce_products_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  ids text;
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (to_jsonb(n) - 'available_quantity' - 'on_hand_quantity' - 'reserved_quantity')
      IS DISTINCT FROM (to_jsonb(o) - 'available_quantity' - 'on_hand_quantity' - 'reserved_quantity')
  ) OR (SELECT count(*) FROM new_rows) <> (SELECT count(*) FROM new_rows n JOIN old_rows o ON o.id = n.id) THEN
    PERFORM pg_notify('table_changes', 'products');
    PERFORM pg_notify('table_changes', 'tools');
    RETURN NULL;
  END IF;
  SELECT string_agg(n.id::text, ',') INTO ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.available_quantity IS DISTINCT FROM o.available_quantity
      OR n.on_hand_quantity IS DISTINCT FROM o.on_hand_quantity
      OR n.reserved_quantity IS DISTINCT FROM o.reserved_quantity;
  IF ids IS NULL THEN
    RETURN NULL;
  ELSIF length(ids) > 7000 THEN
    PERFORM pg_notify('table_changes', 'stock_levels');
  ELSE
    PERFORM pg_notify('table_changes', 'stock_levels:' || ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_update_announced ON products;
--> statement-breakpoint
CREATE TRIGGER products_update_announced AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_products_update();
--> statement-breakpoint
DROP FUNCTION announce_tools_update();
--> statement-breakpoint

-- A new product's opening stock, in the new names.
CREATE OR REPLACE FUNCTION record_opening_stock() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO stock_levels (product_id, location_id, on_hand, reserved, available)
    SELECT id, 'main', on_hand_quantity, reserved_quantity, available_quantity FROM created_tools;
  INSERT INTO stock_movements (product_id, delta, on_hand_delta, reason)
    SELECT id, available_quantity, available_quantity, 'opening' FROM created_tools WHERE available_quantity <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Keeps `product_id` and its twin `tool_id` equal: on insert whichever was given, on update the
-- one the statement changed. PL/pgSQL compiles a trigger function per table, so one serves all.
CREATE FUNCTION product_id_twinned() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.product_id := coalesce(NEW.product_id, NEW.tool_id);
  ELSIF NEW.product_id IS NOT DISTINCT FROM OLD.product_id THEN
    NEW.product_id := NEW.tool_id;
  END IF;
  NEW.tool_id := NEW.product_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER TABLE cart_lines RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE cart_lines ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE cart_lines SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER cart_lines_product_id_twinned BEFORE INSERT OR UPDATE ON cart_lines
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER INDEX cart_lines_tool_idx RENAME TO cart_lines_product_idx;
--> statement-breakpoint
ALTER TABLE cart_lines RENAME CONSTRAINT cart_lines_tool_id_tools_id_fk TO cart_lines_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE cart_lines RENAME CONSTRAINT cart_lines_user_id_tool_id_pk TO cart_lines_user_id_product_id_pk;
--> statement-breakpoint
ALTER TABLE product_changes RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE product_changes ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE product_changes SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER product_changes_product_id_twinned BEFORE INSERT OR UPDATE ON product_changes
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER INDEX product_changes_tool_idx RENAME TO product_changes_product_idx;
--> statement-breakpoint
ALTER TABLE product_changes RENAME CONSTRAINT product_changes_tool_id_tools_id_fk TO product_changes_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE product_images RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE product_images ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE product_images SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER product_images_product_id_twinned BEFORE INSERT OR UPDATE ON product_images
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER TABLE product_images RENAME CONSTRAINT product_images_tool_id_tools_id_fk TO product_images_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE fitments RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE fitments ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE fitments SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER fitments_product_id_twinned BEFORE INSERT OR UPDATE ON fitments
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER INDEX fitments_tool_idx RENAME TO fitments_product_idx;
--> statement-breakpoint
ALTER TABLE fitments RENAME CONSTRAINT fitments_tool_id_tools_id_fk TO fitments_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE part_numbers RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE part_numbers ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE part_numbers SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER part_numbers_product_id_twinned BEFORE INSERT OR UPDATE ON part_numbers
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER INDEX part_numbers_tool_idx RENAME TO part_numbers_product_idx;
--> statement-breakpoint
ALTER TABLE part_numbers RENAME CONSTRAINT part_numbers_tool_id_tools_id_fk TO part_numbers_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE stock_levels RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE stock_levels ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE stock_levels SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER stock_levels_product_id_twinned BEFORE INSERT OR UPDATE ON stock_levels
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER TABLE stock_levels RENAME CONSTRAINT stock_levels_tool_id_tools_id_fk TO stock_levels_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE stock_levels RENAME CONSTRAINT stock_levels_tool_id_location_id_pk TO stock_levels_product_id_location_id_pk;
--> statement-breakpoint
ALTER TABLE stock_movements RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE stock_movements ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE stock_movements SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER stock_movements_product_id_twinned BEFORE INSERT OR UPDATE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER INDEX stock_movements_tool_idx RENAME TO stock_movements_product_idx;
--> statement-breakpoint
ALTER TABLE stock_movements RENAME CONSTRAINT stock_movements_tool_id_tools_id_fk TO stock_movements_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE order_lines RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE order_lines ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE order_lines SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER order_lines_product_id_twinned BEFORE INSERT OR UPDATE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER INDEX order_lines_tool_idx RENAME TO order_lines_product_idx;
--> statement-breakpoint
ALTER TABLE order_lines RENAME CONSTRAINT order_lines_tool_id_tools_id_fk TO order_lines_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE reviews RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE reviews ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE reviews SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER reviews_product_id_twinned BEFORE INSERT OR UPDATE ON reviews
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER INDEX reviews_tool_idx RENAME TO reviews_product_idx;
--> statement-breakpoint
ALTER TABLE reviews RENAME CONSTRAINT reviews_tool_id_tools_id_fk TO reviews_product_id_products_id_fk;
--> statement-breakpoint
ALTER TABLE return_fit_claims RENAME COLUMN tool_id TO product_id;
--> statement-breakpoint
ALTER TABLE return_fit_claims ADD COLUMN tool_id uuid;
--> statement-breakpoint
UPDATE return_fit_claims SET tool_id = product_id;
--> statement-breakpoint
CREATE TRIGGER return_fit_claims_product_id_twinned BEFORE INSERT OR UPDATE ON return_fit_claims
  FOR EACH ROW EXECUTE FUNCTION product_id_twinned();
--> statement-breakpoint
ALTER INDEX return_fit_claims_tool_idx RENAME TO return_fit_claims_product_idx;
--> statement-breakpoint
ALTER TABLE return_fit_claims RENAME CONSTRAINT return_fit_claims_return_id_tool_id_pk TO return_fit_claims_return_id_product_id_pk;
--> statement-breakpoint

-- The previous release's upserts name their conflict targets by the former column.
CREATE UNIQUE INDEX cart_lines_former_key ON cart_lines (user_id, tool_id);
--> statement-breakpoint
CREATE UNIQUE INDEX stock_levels_former_key ON stock_levels (tool_id, location_id);
--> statement-breakpoint

-- An order line's product name, with the same twin.
ALTER TABLE order_lines RENAME COLUMN tool_name TO product_name;
--> statement-breakpoint
ALTER TABLE order_lines ADD COLUMN tool_name text;
--> statement-breakpoint
UPDATE order_lines SET tool_name = product_name;
--> statement-breakpoint
CREATE FUNCTION product_name_twinned() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.product_name := coalesce(NEW.product_name, NEW.tool_name);
  ELSIF NEW.product_name IS NOT DISTINCT FROM OLD.product_name THEN
    NEW.product_name := NEW.tool_name;
  END IF;
  NEW.tool_name := NEW.product_name;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_product_name_twinned BEFORE INSERT OR UPDATE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION product_name_twinned();
--> statement-breakpoint

-- The order's one-product summary (the spec's orderId, orderName and price) is derived from its
-- lines when an order is sent; the columns that held it are no longer written. The previous
-- release still writes them, so they stay until the next.
ALTER TABLE orders ALTER COLUMN tool_id DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE orders ALTER COLUMN tool_name DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE orders ALTER COLUMN unit_price_cents DROP NOT NULL;
--> statement-breakpoint

-- The stored lines of shipments, refunds and returns, and a trade account's net prices, name the
-- product `productId`; rows written by either release carry both names for one release.
CREATE FUNCTION product_key_twinned_in(lines jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT CASE WHEN jsonb_typeof(lines) <> 'array' THEN lines ELSE (
    SELECT coalesce(jsonb_agg(CASE
      WHEN jsonb_typeof(e) = 'object' AND (e ? 'productId' OR e ? 'toolId')
        THEN e || jsonb_build_object('productId', coalesce(e->'productId', e->'toolId'),
                                     'toolId', coalesce(e->'productId', e->'toolId'))
      ELSE e END ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements(lines) WITH ORDINALITY AS x(e, n)) END
$$;
--> statement-breakpoint
CREATE FUNCTION product_keys_twinned() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW := jsonb_populate_record(NEW, jsonb_build_object(TG_ARGV[0],
    product_key_twinned_in(to_jsonb(NEW) -> TG_ARGV[0])));
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE shipments SET lines = product_key_twinned_in(lines);
--> statement-breakpoint
CREATE TRIGGER shipments_product_keys_twinned BEFORE INSERT OR UPDATE OF lines ON shipments
  FOR EACH ROW EXECUTE FUNCTION product_keys_twinned('lines');
--> statement-breakpoint
UPDATE refunds SET lines = product_key_twinned_in(lines);
--> statement-breakpoint
CREATE TRIGGER refunds_product_keys_twinned BEFORE INSERT OR UPDATE OF lines ON refunds
  FOR EACH ROW EXECUTE FUNCTION product_keys_twinned('lines');
--> statement-breakpoint
UPDATE returns SET lines = product_key_twinned_in(lines);
--> statement-breakpoint
CREATE TRIGGER returns_product_keys_twinned BEFORE INSERT OR UPDATE OF lines ON returns
  FOR EACH ROW EXECUTE FUNCTION product_keys_twinned('lines');
--> statement-breakpoint
UPDATE trade_accounts SET net_prices = product_key_twinned_in(net_prices);
--> statement-breakpoint
CREATE TRIGGER trade_accounts_product_keys_twinned BEFORE INSERT OR UPDATE OF net_prices ON trade_accounts
  FOR EACH ROW EXECUTE FUNCTION product_keys_twinned('net_prices');
--> statement-breakpoint

-- Stock read by other rooms, by the new name and, for one release, the former.
DROP VIEW product_stock;
--> statement-breakpoint
CREATE VIEW product_stock AS
  SELECT product_id, on_hand, reserved, available, product_id AS tool_id FROM stock_levels;
