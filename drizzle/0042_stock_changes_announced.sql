-- A stock move announces which products' figures changed, not that the catalog changed
-- (docs/decisions/094-flat-cost-per-instance.md). Each instance's cached catalog answers then read
-- the figures of those products again instead of being built again from the catalog's queries.
-- Written by hand: drizzle-kit does not generate functions or triggers.
--
-- The figures still live on `tools` as well as in `stock_levels` for one release (decision 089),
-- and instances of the release before move only `tools`: so the announcement is made from the
-- `tools` update. An update that changed any column other than the three stock figures announces
-- `tools` as before (the whole catalog); one that changed only the figures announces
-- `stock_levels:<ids>`, or the bare name when the ids would not fit a notification (8000 bytes).
-- The release that drops the figures from `tools` moves this announcement to `stock_levels`.
CREATE FUNCTION announce_tools_update() RETURNS trigger
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
DROP TRIGGER tools_update_announced ON tools;
--> statement-breakpoint
CREATE TRIGGER tools_update_announced AFTER UPDATE ON tools
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_tools_update();
