CREATE SEQUENCE "public"."outbox_fences" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
DROP INDEX "outbox_messages_due_idx";--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "fence" bigint;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "fence" bigint;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_messages_subscriber_due_idx" ON "outbox_messages" USING btree ("subscriber","run_after","id") WHERE "outbox_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_delivered_idx" ON "outbox_messages" USING btree ("delivered_at") WHERE "outbox_messages"."status" = 'delivered';