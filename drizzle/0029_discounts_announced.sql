-- Every instance hears each committed change of the discounts (as tools, 0004): an instance that
-- knows the store has no automatic discount skips reading them while it prices a cart or an order
-- (docs/decisions/070). Written by hand like 0004: triggers are not generated.
CREATE TRIGGER discounts_insert_announced AFTER INSERT ON discounts
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER discounts_update_announced AFTER UPDATE ON discounts
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER discounts_delete_announced AFTER DELETE ON discounts
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER discounts_truncate_announced AFTER TRUNCATE ON discounts
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
