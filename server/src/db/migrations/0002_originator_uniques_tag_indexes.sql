CREATE UNIQUE INDEX "originators_community_username_idx" ON "originators" USING btree (lower("username")) WHERE "originators"."type" = 'community_member';--> statement-breakpoint
CREATE UNIQUE INDEX "originators_automation_name_idx" ON "originators" USING btree (lower("system_name")) WHERE "originators"."type" = 'automation';--> statement-breakpoint
CREATE INDEX "case_tags_tag_idx" ON "case_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "evidence_tags_tag_idx" ON "evidence_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "identifier_tags_tag_idx" ON "identifier_tags" USING btree ("tag_id");