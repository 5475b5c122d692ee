-- Lines of products already deleted outright would refuse the new foreign key (and could never be
-- checked out): they go first.
DELETE FROM "cart_lines" WHERE NOT EXISTS (SELECT 1 FROM "tools" WHERE "tools"."id" = "cart_lines"."tool_id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_tool_idx" ON "cart_lines" USING btree ("tool_id");