-- Every vehicle from NHTSA's vPIC data (docs/decisions/084-every-vehicle-from-vpic.md). The tables
-- start empty: the store loads vehicle-data/ into them at first start (or `npm run vehicles:load`),
-- so this migration is quick and old code, which reads only the vehicles table, keeps working.
CREATE TABLE IF NOT EXISTS "vpic_makes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vpic_makes_name_idx" ON "vpic_makes" USING btree ("name");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vpic_models" (
	"id" integer PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vpic_models_make_idx" ON "vpic_models" USING btree ("make_id","name");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vpic_model_years" (
	"model_id" integer NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	CONSTRAINT "vpic_model_years_model_id_year_from_pk" PRIMARY KEY("model_id","year_from")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vpic_model_years_years_idx" ON "vpic_model_years" USING btree ("year_from","year_to","model_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vpic_model_variants" (
	"model_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	CONSTRAINT "vpic_model_variants_model_id_kind_name_year_from_pk" PRIMARY KEY("model_id","kind","name","year_from"),
	CONSTRAINT "vpic_model_variants_kind" CHECK ("vpic_model_variants"."kind" in ('engine', 'trim'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "vehicle_data_loads" (
	"source" text NOT NULL,
	"step" text NOT NULL,
	"vpic_date" text NOT NULL,
	"rows" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_data_loads_source_step_pk" PRIMARY KEY("source","step")
);
