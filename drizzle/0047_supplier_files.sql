-- A supplier's file as it comes: the owner's mapping of its headers kept with the supplier, and an
-- import that names its supplier (as named when checked) and how it read each header cell.
ALTER TABLE "catalog_imports" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "supplier_name" text;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "columns" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "import_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;
