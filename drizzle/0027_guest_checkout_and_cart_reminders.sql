-- Guest checkout (docs/decisions/059): a guest's order belongs to no account until an account whose
-- confirmed e-mail is the order's claims it.
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- A guest's checkout key finds the guest's order, as (user_id, checkout_key) finds a customer's.
CREATE UNIQUE INDEX "orders_guest_checkout_key_idx" ON "orders" USING btree ("checkout_key") WHERE "user_id" IS NULL AND "checkout_key" IS NOT NULL;--> statement-breakpoint
-- Claiming finds a new account's guest orders by e-mail.
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("user_email")) WHERE "user_id" IS NULL;--> statement-breakpoint
-- The guests' caps count their open unpaid orders, a handful at any time.
CREATE INDEX "orders_guest_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "user_id" IS NULL AND "status" = 'unpaid';--> statement-breakpoint
-- Cart reminders (docs/decisions/060): when each customer's cart last changed, kept by a trigger on
-- cart_lines, so every way a cart changes (a line put, removed, merged, checked out, a product
-- deleted) counts without the cart module's help. No foreign key: the trigger also fires while an
-- account's lines are deleted with the account.
CREATE TABLE "cart_activity" (
	"user_id" text PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "cart_activity" ("user_id", "changed_at")
	SELECT "user_id", max("added_at") FROM "cart_lines" GROUP BY "user_id";--> statement-breakpoint
CREATE FUNCTION cart_activity_touch() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	who text;
BEGIN
	IF TG_OP = 'DELETE' THEN
		who := OLD.user_id;
	ELSE
		who := NEW.user_id;
	END IF;
	INSERT INTO cart_activity (user_id, changed_at) VALUES (who, now())
	ON CONFLICT (user_id) DO UPDATE SET changed_at = excluded.changed_at;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER cart_lines_touch AFTER INSERT OR UPDATE OR DELETE ON "cart_lines"
	FOR EACH ROW EXECUTE FUNCTION cart_activity_touch();--> statement-breakpoint
-- One row per customer who was reminded or said no: the cart change the last reminder was about,
-- and the unsubscribe, kept for good.
CREATE TABLE "cart_reminders" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reminded_for" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
