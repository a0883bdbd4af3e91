-- Admin search (decision 0027): the prefix indexes also carry the column and the id, so the search
-- reads the matching ids from the index alone (an index-only scan) instead of one table page per
-- match. Same names as before: the schema files describe them (drizzle has no INCLUDE).
DROP INDEX IF EXISTS "user_email_lower_prefix_idx";--> statement-breakpoint
CREATE INDEX "user_email_lower_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops) INCLUDE ("email", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_display_name_lower_prefix_idx";--> statement-breakpoint
CREATE INDEX "profiles_display_name_lower_prefix_idx" ON "profiles" USING btree (lower("display_name") text_pattern_ops) INCLUDE ("display_name", "id");
