-- Every instance hears each committed change of the trade accounts (as discounts, 0029): an
-- instance that knows the store has no trade account skips reading the buyer's terms while it
-- prices a cart or an order (decision 095). Written by hand: triggers are not generated.
CREATE TRIGGER trade_accounts_insert_announced AFTER INSERT ON trade_accounts
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER trade_accounts_update_announced AFTER UPDATE ON trade_accounts
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER trade_accounts_delete_announced AFTER DELETE ON trade_accounts
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER trade_accounts_truncate_announced AFTER TRUNCATE ON trade_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
