-- Parts added to an order paid by card: the balance it owes, the payments that settle it, and a refund's part taken off that balance (decision 104).
CREATE TABLE "order_balance_payments" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_balance_payments_positive" CHECK ("order_balance_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "balance_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_balance_payments" ADD CONSTRAINT "order_balance_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_balance_payments_order_idx" ON "order_balance_payments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_balance_within_amount" CHECK ("refunds"."balance_cents" >= 0 and "refunds"."balance_cents" + "refunds"."on_account_cents" + "refunds"."store_credit_cents" <= "refunds"."amount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_balance_due_within_total" CHECK ("orders"."balance_due_cents" >= 0 and "orders"."balance_due_cents" + "orders"."on_account_cents" + "orders"."store_credit_cents" <= "orders"."total_cents");