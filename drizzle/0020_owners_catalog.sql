CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "bulk_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	"change" jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"count" integer NOT NULL,
	"changed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_import_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"verdict" text NOT NULL,
	"outcome" text,
	"reason" text,
	CONSTRAINT "catalog_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'checked' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"checked_create" integer DEFAULT 0 NOT NULL,
	"checked_update" integer DEFAULT 0 NOT NULL,
	"checked_unchanged" integer DEFAULT 0 NOT NULL,
	"checked_refuse" integer DEFAULT 0 NOT NULL,
	"done_line" integer DEFAULT 1 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"applied_create" integer DEFAULT 0 NOT NULL,
	"applied_update" integer DEFAULT 0 NOT NULL,
	"applied_unchanged" integer DEFAULT 0 NOT NULL,
	"applied_refuse" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"interruptions" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "catalog_imports_status_known" CHECK (status in ('checked', 'queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "product_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tool_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"source" text NOT NULL,
	"bulk_change_id" uuid,
	"import_id" uuid,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_synonyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"term" text NOT NULL,
	"term_key" text NOT NULL,
	"replacement" text NOT NULL,
	"replacement_key" text NOT NULL,
	CONSTRAINT "search_synonyms_term_key_unique" UNIQUE("term_key")
);
--> statement-breakpoint
DROP INDEX "tools_name_trgm_idx";--> statement-breakpoint
DROP INDEX "tools_description_trgm_idx";--> statement-breakpoint
DROP INDEX "tools_brand_trgm_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "tool_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "upc" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "superseded_by_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "weight_lb" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "length_in" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "width_in" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "height_in" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "ground_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "core_charge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "fitments" ADD COLUMN "submodel" text;--> statement-breakpoint
ALTER TABLE "fitments" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "fitments" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "fitments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "admin_notification_settings" ADD COLUMN "email_low_stock_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_changes" ADD CONSTRAINT "bulk_changes_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD CONSTRAINT "catalog_import_rows_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_changes" ADD CONSTRAINT "product_changes_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_changes" ADD CONSTRAINT "product_changes_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_changes" ADD CONSTRAINT "product_changes_bulk_change_id_bulk_changes_id_fk" FOREIGN KEY ("bulk_change_id") REFERENCES "public"."bulk_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_changes" ADD CONSTRAINT "product_changes_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_changes_created_idx" ON "bulk_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "catalog_import_rows_verdict_idx" ON "catalog_import_rows" USING btree ("import_id","verdict","line");--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "catalog_imports_waiting_idx" ON "catalog_imports" USING btree ("status") WHERE "catalog_imports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "product_changes_tool_idx" ON "product_changes" USING btree ("tool_id","id");--> statement-breakpoint
CREATE INDEX "product_changes_bulk_idx" ON "product_changes" USING btree ("bulk_change_id") WHERE "product_changes"."bulk_change_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_position_idx" ON "product_images" USING btree ("tool_id","position");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_superseded_by_id_tools_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_tool_idx" ON "reviews" USING btree ("tool_id","created_at");--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "tools_superseded_by_idx" ON "tools" USING btree ("superseded_by_id");--> statement-breakpoint
-- Written by hand, before the constraint below: fitment rows that say the same thing twice (a
-- bulk load may have made them) are kept once, so every row has one match for an import to update.
DELETE FROM fitments f USING fitments g
WHERE f.tool_id = g.tool_id AND f.make = g.make AND f.model = g.model
  AND f.year_from = g.year_from AND f.year_to = g.year_to
  AND f.engine IS NOT DISTINCT FROM g.engine AND f.id > g.id;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_row_unique" UNIQUE NULLS NOT DISTINCT("tool_id","make","model","year_from","year_to","engine","submodel","position");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_status_known" CHECK (status in ('draft', 'active', 'archived'));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_not_sold_unless_active" CHECK ("tools"."status" = 'active' or "tools"."retired_at" is not null);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_core_charge_not_negative" CHECK ("tools"."core_charge_cents" >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_low_stock_not_negative" CHECK ("tools"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_not_superseded_by_itself" CHECK ("tools"."superseded_by_id" <> "tools"."id");--> statement-breakpoint

-- The owner's catalog, by hand: drizzle-kit does not generate triggers, functions or data
-- (docs/decisions/044-048).

-- Products already retired (deleted while orders name them) are archived: kept, neither listed nor sold.
UPDATE tools SET status = 'archived' WHERE retired_at IS NOT NULL;
--> statement-breakpoint
-- Every product's one picture becomes the first of its pictures.
INSERT INTO product_images (tool_id, position, url, alt) SELECT id, 0, image, name FROM tools;
--> statement-breakpoint

-- Text as the search reads it: lower case, every run of other characters one space. A part
-- number as a key: lower case letters and digits only (the contract's partNumberKey).
CREATE FUNCTION search_text(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(coalesce(t, '')), '[^a-z0-9]+', ' ', 'g')) $$;
--> statement-breakpoint
CREATE FUNCTION part_number_key(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(lower(coalesce(t, '')), '[^a-z0-9]+', '', 'g') $$;
--> statement-breakpoint
-- A phrase as the search compares it: each word stemmed in English (`breaks` -> `break`), stop
-- words kept, joined by single spaces. Used for the search words' keys.
CREATE FUNCTION search_key(t text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(coalesce((ts_lexize('english_stem', w))[1], w), ' ' ORDER BY n), '')
    FROM regexp_split_to_table(search_text(t), ' ') WITH ORDINALITY AS words(w, n)
    WHERE w <> ''
  $$;
--> statement-breakpoint

-- tools.search_document: the name and the product's own numbers (weight A), brand and category
-- names (B) and the description (D), stemmed in English, for the search box (decision 046). A row
-- trigger named on the columns it reads, so a stock move (which sets none of them) never runs it.
CREATE FUNCTION tools_search_document() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  filed text;
BEGIN
  SELECT coalesce(string_agg(c.name, ' '), '') INTO filed FROM categories c
  WHERE c.slug = NEW.category_slug
     OR c.slug = (SELECT p.parent_slug FROM categories p WHERE p.slug = NEW.category_slug);
  NEW.search_document :=
    setweight(to_tsvector('english', search_text(NEW.name) || ' ' || part_number_key(NEW.sku) || ' '
      || part_number_key(NEW.part_number) || ' ' || coalesce(NEW.upc, '')), 'A')
    || setweight(to_tsvector('english', search_text(NEW.brand || ' ' || filed)), 'B')
    || setweight(to_tsvector('english', search_text(array_to_string(NEW.description, ' '))), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tools_search_document_kept
  BEFORE INSERT OR UPDATE OF name, brand, description, category_slug, sku, part_number, upc ON tools
  FOR EACH ROW EXECUTE FUNCTION tools_search_document();
--> statement-breakpoint
UPDATE tools SET name = name;
--> statement-breakpoint

-- search_words (decision 017) now also holds the words of brands and descriptions, and every brand
-- a product names is a row of `brands`, whoever writes the product (the editor, an import, a bulk load).
CREATE OR REPLACE FUNCTION search_words_from_names() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_rows,
    regexp_split_to_table(search_text(changed_rows.name || ' ' || changed_rows.brand || ' '
      || array_to_string(changed_rows.description, ' ')), ' ') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  INSERT INTO brands (name, position)
  SELECT DISTINCT changed_rows.brand, (SELECT coalesce(max(position), 0) + 1 FROM brands)
  FROM changed_rows WHERE changed_rows.brand <> ''
  ON CONFLICT (name) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_renamed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM changed_rows JOIN old_rows ON old_rows.id = changed_rows.id,
    regexp_split_to_table(search_text(changed_rows.name || ' ' || changed_rows.brand || ' '
      || array_to_string(changed_rows.description, ' ')), ' ') AS w
  WHERE (changed_rows.name IS DISTINCT FROM old_rows.name
      OR changed_rows.brand IS DISTINCT FROM old_rows.brand
      OR changed_rows.description IS DISTINCT FROM old_rows.description)
    AND length(w) >= 3
  ON CONFLICT DO NOTHING;
  INSERT INTO brands (name, position)
  SELECT DISTINCT changed_rows.brand, (SELECT coalesce(max(position), 0) + 1 FROM brands)
  FROM changed_rows JOIN old_rows ON old_rows.id = changed_rows.id
  WHERE changed_rows.brand IS DISTINCT FROM old_rows.brand AND changed_rows.brand <> ''
  ON CONFLICT (name) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_from_categories() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_rows, regexp_split_to_table(search_text(changed_rows.name), ' ') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_insert_search_words AFTER INSERT ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_categories();
--> statement-breakpoint
CREATE TRIGGER categories_update_search_words AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_categories();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM tools,
  regexp_split_to_table(search_text(tools.brand || ' ' || array_to_string(tools.description, ' ')), ' ') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM categories, regexp_split_to_table(search_text(categories.name), ' ') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A word typed as the start of a catalog word (`brak` of `brake`) is looked up by prefix.
CREATE INDEX search_words_prefix_idx ON search_words (word text_pattern_ops);
--> statement-breakpoint
INSERT INTO brands (name, position)
SELECT name, row_number() OVER (ORDER BY name) FROM (SELECT DISTINCT brand AS name FROM tools WHERE brand <> '') b
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint

-- The search words every store starts with; the owner edits them.
INSERT INTO search_synonyms (term, term_key, replacement, replacement_key)
SELECT term, search_key(term), replacement, search_key(replacement)
FROM (VALUES
  ('break', 'brake'),
  ('rotar', 'rotor'),
  ('roter', 'rotor'),
  ('tyre', 'tire'),
  ('headlamp', 'headlight'),
  ('globe', 'bulb'),
  ('spanner', 'wrench'),
  ('obd2', 'obd ii'),
  ('code reader', 'code scanner')
) AS s(term, replacement)
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- A product's pictures, the brands and the search words are part of catalog answers: their changes
-- are announced like the tools table's (0004), and the answer cache forgets on them.
CREATE TRIGGER product_images_insert_announced AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER product_images_update_announced AFTER UPDATE ON product_images
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER product_images_delete_announced AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER brands_insert_announced AFTER INSERT ON brands
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER brands_update_announced AFTER UPDATE ON brands
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER brands_delete_announced AFTER DELETE ON brands
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_insert_announced AFTER INSERT ON search_synonyms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_update_announced AFTER UPDATE ON search_synonyms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_delete_announced AFTER DELETE ON search_synonyms
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
