-- Store credit (docs/decisions/100-store-credit.md): each customer's balance, never below zero, and
-- the entries it is the sum of; the part of an order paid with it, and the part of a refund given
-- as it.
CREATE TABLE "store_credit_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_credit_never_negative" CHECK ("store_credit_accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"delta_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_move" CHECK ("store_credit_entries"."delta_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "store_credit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_accounts" ADD CONSTRAINT "store_credit_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_entries_user_idx" ON "store_credit_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_idx" ON "store_credit_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_store_credit_within_amount" CHECK ("refunds"."store_credit_cents" between 0 and "refunds"."amount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_credit_within_total" CHECK ("orders"."store_credit_cents" between 0 and "orders"."total_cents");