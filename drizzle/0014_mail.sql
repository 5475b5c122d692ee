CREATE TABLE "mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mails_status_known" CHECK (status in ('kept', 'pending', 'sent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mails_key_idx" ON "mails" USING btree ("key");--> statement-breakpoint
CREATE INDEX "mails_created_idx" ON "mails" USING btree ("created_at","id");