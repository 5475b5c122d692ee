-- A list for a vehicle puts the parts fitted to it before universal tools (`order by universal_fit,
-- created_at, id`, modules/catalog/catalog-query.ts); this index gives that order, live products
-- only, so a page is read in order and the read stops after it.
CREATE INDEX "tools_fit_order_idx" ON "tools" USING btree ("universal_fit","created_at","id") WHERE "tools"."retired_at" is null;
--> statement-breakpoint
-- A word the catalog does not know is compared letter by letter (edit distance, in the server)
-- with the catalog words of the same first letters and about the same length: found by this index.
CREATE INDEX "search_words_shape_idx" ON "search_words" USING btree (left("word", 1),length("word"));
--> statement-breakpoint
-- Imports gave every new product without images another product's picture (the socket set).
-- Only those are given the neutral "No photo" instead: products an import created, whose import
-- row named no image, whose picture is still that one, and whose pictures no later change set.
-- A product whose import is gone (its history row lost the import) or that anyone gave the
-- socket set's picture on purpose keeps it.
-- Their pictures first, while the products still show which they are.
UPDATE product_images SET url = '/images/no-photo.svg'
WHERE url = '/images/tools/socket-set.svg' AND tool_id IN (
  SELECT t.id FROM tools t
  WHERE t.image = '/images/tools/socket-set.svg'
    AND EXISTS (
      SELECT 1 FROM product_changes c
      JOIN catalog_import_rows r ON r.import_id = c.import_id AND lower(trim(r.key)) = lower(t.sku)
      WHERE c.tool_id = t.id AND c.source = 'created' AND c.import_id IS NOT NULL
        AND coalesce(trim(r.data ->> 'images'), '') = ''
    )
    AND NOT EXISTS (
      SELECT 1 FROM product_changes later
      WHERE later.tool_id = t.id AND later.source <> 'created'
        AND (later.after ? 'image' OR later.after ? 'images')
    )
);
--> statement-breakpoint
UPDATE tools SET image = '/images/no-photo.svg'
WHERE id IN (
  SELECT t.id FROM tools t
  WHERE t.image = '/images/tools/socket-set.svg'
    AND EXISTS (
      SELECT 1 FROM product_changes c
      JOIN catalog_import_rows r ON r.import_id = c.import_id AND lower(trim(r.key)) = lower(t.sku)
      WHERE c.tool_id = t.id AND c.source = 'created' AND c.import_id IS NOT NULL
        AND coalesce(trim(r.data ->> 'images'), '') = ''
    )
    AND NOT EXISTS (
      SELECT 1 FROM product_changes later
      WHERE later.tool_id = t.id AND later.source <> 'created'
        AND (later.after ? 'image' OR later.after ? 'images')
    )
);
