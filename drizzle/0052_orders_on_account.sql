-- Customer groups with their price lists, how discounts meet trade prices, and orders on account: terms, balances, invoices, credits, payments and statements (decision 102).
CREATE TABLE "account_balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_balances_never_negative" CHECK ("account_balances"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "account_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"refund_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credits_positive" CHECK ("account_credits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"order_number" bigint NOT NULL,
	"invoice_number" bigint,
	"amount_cents" bigint NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "account_invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "account_invoices_amounts" CHECK ("account_invoices"."amount_cents" > 0 and "account_invoices"."credited_cents" >= 0 and "account_invoices"."paid_cents" >= 0 and "account_invoices"."credited_cents" + "account_invoices"."paid_cents" <= "account_invoices"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "account_payment_lines" (
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "account_payment_lines_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id"),
	CONSTRAINT "account_payment_lines_positive" CHECK ("account_payment_lines"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text,
	"received_on" date NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_payments_positive" CHECK ("account_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_statements" (
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_statements_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent_off_bp" integer DEFAULT 0 NOT NULL,
	"category_percents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"net_prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_rule" text DEFAULT 'stack' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_percent_range" CHECK ("customer_groups"."percent_off_bp" between 0 and 9000)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "on_account_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_account_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "discount_rule" text DEFAULT 'stack' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "credit_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_invoice_id_account_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."account_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_lines" ADD CONSTRAINT "account_payment_lines_payment_id_account_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_lines" ADD CONSTRAINT "account_payment_lines_invoice_id_account_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."account_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statements" ADD CONSTRAINT "account_statements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_credits_user_idx" ON "account_credits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "account_invoices_user_idx" ON "account_invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "account_invoices_open_idx" ON "account_invoices" USING btree ("due_on") WHERE "account_invoices"."credited_cents" + "account_invoices"."paid_cents" < "account_invoices"."amount_cents";--> statement-breakpoint
CREATE INDEX "account_payment_lines_invoice_idx" ON "account_payment_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "account_payments_user_idx" ON "account_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name_key" ON "customer_groups" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_accounts_group_idx" ON "trade_accounts" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_on_account_within_amount" CHECK ("refunds"."on_account_cents" >= 0 and "refunds"."on_account_cents" + "refunds"."store_credit_cents" <= "refunds"."amount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_on_account_within_total" CHECK ("orders"."on_account_cents" >= 0 and "orders"."on_account_cents" + "orders"."store_credit_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_terms_whole" CHECK (("trade_accounts"."credit_limit_cents" is null) = ("trade_accounts"."terms_days" is null));--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_terms_days" CHECK ("trade_accounts"."terms_days" is null or "trade_accounts"."terms_days" in (15, 30));