-- Trade accounts (docs/decisions/095-trade-accounts.md): a repair shop's price list and resale
-- certificate, and the certificate an exempt order was placed under. Additive: old instances never
-- read either, and an order without the column's value is taxed as before.
CREATE TABLE IF NOT EXISTS "trade_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"percent_off_bp" integer DEFAULT 0 NOT NULL,
	"category_percents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"net_prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificate_number" text,
	"certificate_states" text[] DEFAULT '{}' NOT NULL,
	"certificate_expires_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_accounts_percent_range" CHECK ("trade_accounts"."percent_off_bp" between 0 and 9000),
	CONSTRAINT "trade_accounts_certificate_whole" CHECK (("trade_accounts"."certificate_number" is null) = ("trade_accounts"."certificate_expires_on" is null))
);
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION
 WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tax_exempt_certificate" text;
