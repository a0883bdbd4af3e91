CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_email_lower_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_display_name_lower_prefix_idx" ON "profiles" USING btree (lower("display_name") text_pattern_ops);