-- Guests' holds and mails, and one buyer however the mailbox is spelled (docs/decisions/073).
-- One mailbox however spelled: lower-case, a +tag dropped, and Gmail's dots and googlemail.com
-- folded (src/contract/email-identity.ts computes the same; a test holds the two together).
CREATE FUNCTION email_identity(address text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT CASE
		WHEN position('@' in a) = 0 THEN a
		WHEN d IN ('gmail.com', 'googlemail.com') THEN replace(n, '.', '') || '@gmail.com'
		ELSE n || '@' || d
	END
	FROM (
		SELECT a,
			regexp_replace(substring(a from '^(.*)@[^@]*$'), '\+.*$', '') AS n,
			substring(a from '@([^@]*)$') AS d
		FROM (SELECT lower(address) AS a) AS lowered
	) AS parts
$$;--> statement-breakpoint
-- The network a guest's order came from (its address, IPv6 by /64), hashed: unpaid holds are
-- capped per network, and the mails of unpaid guest orders are limited per network.
ALTER TABLE "orders" ADD COLUMN "guest_client" text;--> statement-breakpoint
CREATE INDEX "orders_guest_client_idx" ON "orders" USING btree ("guest_client", "created_at") WHERE "user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_guest_identity_idx" ON "orders" USING btree (email_identity("user_email"), "created_at") WHERE "user_id" IS NULL;--> statement-breakpoint
-- Whether an order's waiting-for-payment mail went out, asked when it is cancelled or expires.
CREATE INDEX "mails_order_idx" ON "mails" USING btree ("order_id");--> statement-breakpoint
-- A discount's uses per customer count the mailbox, for accounts and guests alike: the account's
-- e-mail (or the guest order's), as one identity.
UPDATE "discount_uses" SET "buyer" = 'email:' || email_identity(coalesce(
	(SELECT "email" FROM "user" WHERE "user"."id" = "discount_uses"."user_id"),
	(SELECT "user_email" FROM "orders" WHERE "orders"."id" = "discount_uses"."order_id")
));
