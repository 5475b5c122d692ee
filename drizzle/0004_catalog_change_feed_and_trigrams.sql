-- Catalog at scale and its answer cache (docs/decisions/007-catalog-answer-cache.md). Written by
-- hand: drizzle-kit does not generate extensions, functions or triggers.

-- Trigram indexes (next migration) make `ILIKE '%term%'` searches fast. pg_trgm is a trusted
-- extension, so the database owner may create it; PGlite loads it in database.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint

-- Announces every committed change of a table on the `table_changes` channel, with the table's name
-- as payload. PostgreSQL delivers it only on commit, to every listening connection of every
-- instance, and to the committing connection before its COMMIT returns. Statements that changed no
-- row (an expiry sweep that found nothing) announce nothing.
CREATE FUNCTION announce_table_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('table_changes', TG_TABLE_NAME);
  ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('table_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- A trigger with a transition table may have one event only, hence one trigger per event.
CREATE TRIGGER tools_insert_announced AFTER INSERT ON tools
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER tools_update_announced AFTER UPDATE ON tools
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER tools_delete_announced AFTER DELETE ON tools
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER tools_truncate_announced AFTER TRUNCATE ON tools
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
