CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_slug" text,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_shape" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "fitments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	"engine" text,
	CONSTRAINT "fitments_years_ordered" CHECK ("fitments"."year_from" <= "fitments"."year_to")
);
--> statement-breakpoint
CREATE TABLE "garage_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"engine" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garage_vehicles_unique" UNIQUE("user_id","year","make","model","engine")
);
--> statement-breakpoint
CREATE TABLE "part_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"number" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	CONSTRAINT "part_numbers_key_shape" CHECK ("part_numbers"."key" ~ '^[a-z0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"engine" text NOT NULL,
	CONSTRAINT "vehicles_unique" UNIQUE("year","make","model","engine")
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_slug" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "part_number" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "universal_fit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_slug_categories_slug_fk" FOREIGN KEY ("parent_slug") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_numbers" ADD CONSTRAINT "part_numbers_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fitments_vehicle_idx" ON "fitments" USING btree ("make","model","year_from","year_to","engine","tool_id");--> statement-breakpoint
CREATE INDEX "fitments_tool_idx" ON "fitments" USING btree ("tool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_one_active_idx" ON "garage_vehicles" USING btree ("user_id") WHERE "garage_vehicles"."active";--> statement-breakpoint
CREATE INDEX "part_numbers_key_idx" ON "part_numbers" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "part_numbers_tool_idx" ON "part_numbers" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_make_idx" ON "vehicles" USING btree ("make");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_brand_trgm_idx" ON "tools" USING gin ("brand" gin_trgm_ops) WHERE "tools"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "tools_category_idx" ON "tools" USING btree ("category_slug") WHERE "tools"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "tools_brand_idx" ON "tools" USING btree ("brand") WHERE "tools"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_unique" ON "tools" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "tools_filter_cover_idx" ON "tools" USING btree ("universal_fit","category_slug","brand","price_cents","id") WHERE "tools"."retired_at" is null;