CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment" text NOT NULL,
	"commenter" text NOT NULL,
	"ratings" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_ratings_range" CHECK ("reviews"."ratings" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"price_cents" integer NOT NULL,
	"description" text[] NOT NULL,
	"available_quantity" integer NOT NULL,
	"minimum_order_quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tools_price_positive" CHECK ("tools"."price_cents" >= 100),
	CONSTRAINT "tools_stock_not_negative" CHECK ("tools"."available_quantity" >= 0),
	CONSTRAINT "tools_minimum_positive" CHECK ("tools"."minimum_order_quantity" >= 1)
);
--> statement-breakpoint
CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tools_created_at_idx" ON "tools" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tools_price_idx" ON "tools" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree ("name");