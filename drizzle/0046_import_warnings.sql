-- A catalog import keeps what its check left out and said so: the columns of a supplier's file
-- that the layout does not have are ignored with a warning instead of refusing the file whole.

ALTER TABLE "catalog_imports" ADD COLUMN "warnings" text[] DEFAULT '{}' NOT NULL;