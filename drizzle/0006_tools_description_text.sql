-- Keeps tools.description_text (searched with a trigram index) equal to the description's
-- sentences joined by spaces, whoever writes the row. Written by hand: drizzle-kit does not
-- generate triggers. A trigger rather than a generated column because array_to_string is only
-- STABLE, which generated columns refuse.
CREATE FUNCTION tools_sync_description_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.description_text := array_to_string(NEW.description, ' ');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tools_description_text_synced BEFORE INSERT OR UPDATE OF description ON tools
  FOR EACH ROW EXECUTE FUNCTION tools_sync_description_text();
--> statement-breakpoint
-- The products already there (the column came in empty in 0005).
UPDATE tools SET description_text = array_to_string(description, ' ');
