-- A "does not fit" return's claim, one row per product (docs/decisions/092-fit-claims-on-returns.md):
-- where its vehicle came from and what the listing said about it when the return was asked for.
-- A new table only: old instances during a rolling restart neither read nor write it.
CREATE TABLE IF NOT EXISTS "return_fit_claims" (
	"return_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"source" text NOT NULL,
	"vin" text,
	"listed" text NOT NULL,
	"corrected_at" timestamp with time zone,
	"corrected_by" text,
	CONSTRAINT "return_fit_claims_return_id_tool_id_pk" PRIMARY KEY("return_id","tool_id"),
	CONSTRAINT "return_fit_claims_source_known" CHECK ("return_fit_claims"."source" in ('garage', 'vin', 'picker')),
	CONSTRAINT "return_fit_claims_listed_known" CHECK ("return_fit_claims"."listed" in ('fits', 'universal', 'no'))
);
--> statement-breakpoint
ALTER TABLE "return_fit_claims" ADD CONSTRAINT "return_fit_claims_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "return_fit_claims" ADD CONSTRAINT "return_fit_claims_corrected_by_user_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "return_fit_claims_tool_idx" ON "return_fit_claims" USING btree ("tool_id");
