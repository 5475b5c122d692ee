-- Keeps search_words holding every word (3+ letters or digits) of the products' names, whoever
-- writes them (docs/decisions/017-catalog-search-and-filters.md). Written by hand: drizzle-kit does
-- not generate triggers. Statement-level with a transition table, so a bulk insert of 100,000
-- products splits their names in one statement.
CREATE FUNCTION search_words_from_names() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_rows, regexp_split_to_table(lower(changed_rows.name), '[^a-z0-9]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tools_insert_search_words AFTER INSERT ON tools
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_names();
--> statement-breakpoint
-- Every stock move updates its product: only renamed products have new words to add.
CREATE FUNCTION search_words_from_renamed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM changed_rows JOIN old_rows ON old_rows.id = changed_rows.id,
    regexp_split_to_table(lower(changed_rows.name), '[^a-z0-9]+') AS w
  WHERE changed_rows.name IS DISTINCT FROM old_rows.name AND length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tools_update_search_words AFTER UPDATE ON tools
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_renamed();
--> statement-breakpoint
-- The products already there.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM tools, regexp_split_to_table(lower(tools.name), '[^a-z0-9]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
