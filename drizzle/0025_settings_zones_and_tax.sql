-- The owner's settings in the database (docs/decisions/054), shipping by zone and weight (055) and
-- tax kept per order (056). Written by hand like 0004: triggers are not generated.
CREATE TABLE "settings_sections" (
	"section" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "settings_sections" ADD CONSTRAINT "settings_sections_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Every instance hears each committed change of the settings and reloads them (as tools, 0004).
CREATE TRIGGER settings_sections_insert_announced AFTER INSERT ON settings_sections
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER settings_sections_update_announced AFTER UPDATE ON settings_sections
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER settings_sections_delete_announced AFTER DELETE ON settings_sections
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER settings_sections_truncate_announced AFTER TRUNCATE ON settings_sections
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_label" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_tax_within_tax" CHECK ("orders"."shipping_tax_cents" between 0 and "orders"."tax_cents");
