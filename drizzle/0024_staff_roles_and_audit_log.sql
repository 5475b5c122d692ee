-- Staff roles: every admin becomes a manager, and the first admin (the oldest account) the owner.
-- Accounts named in ADMIN_EMAILS are made owners when the store starts (modules/accounts).
UPDATE "user" SET "role" = 'manager' WHERE "role" = 'admin';--> statement-breakpoint
UPDATE "user" SET "role" = 'owner'
WHERE "id" = (
	SELECT "id" FROM "user" WHERE "role" = 'manager' ORDER BY "created_at", "id" LIMIT 1
) AND NOT EXISTS (SELECT 1 FROM "user" WHERE "role" = 'owner');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"actor_role" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_type_idx" ON "audit_log" USING btree ("subject_type","at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id");
