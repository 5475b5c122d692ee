-- Trade applications (docs/decisions/101-trade-applications.md): a shop's request for trade terms
-- with its resale certificate and the certificate's scan, one pending per account, and the decision.
CREATE TABLE "trade_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_name" text NOT NULL,
	"tax_id" text NOT NULL,
	"certificate_number" text,
	"certificate_states" text[] DEFAULT '{}' NOT NULL,
	"certificate_expires_on" date,
	"certificate_file" "bytea",
	"certificate_file_type" text,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_applications_one_pending" ON "trade_applications" USING btree ("user_id") WHERE "trade_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "trade_applications_status_idx" ON "trade_applications" USING btree ("status","created_at");