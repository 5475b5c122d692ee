-- Instances remember who is behind a session between requests (docs/decisions/011): they must
-- hear of every committed change that could make that stale. A session updated (its expiry
-- refreshed) or deleted (sign-out, revoked), and a user updated (role, name) or deleted, are
-- announced on the same channel as the catalog's changes (announce_table_change, drizzle/0004).
-- New sessions are not announced: a sign-in changes nothing anyone remembers.
CREATE TRIGGER session_update_announced AFTER UPDATE ON session
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER session_delete_announced AFTER DELETE ON session
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER session_truncate_announced AFTER TRUNCATE ON session
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER user_update_announced AFTER UPDATE ON "user"
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER user_delete_announced AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER user_truncate_announced AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
