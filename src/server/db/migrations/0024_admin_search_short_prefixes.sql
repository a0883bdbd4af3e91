-- Issue 33, admin search at 100,000 members (decision 0092): a search of one to three letters
-- matches thousands of members, and the prefix indexes of 0013/0014 hand over every match to be
-- sorted newest first. These indexes keep the members of each 1-, 2- and 3-letter start (of the
-- e-mail; of the display name) in the order the list shows them, so such a search reads its 26
-- newest rows and stops. Longer searches match few and keep the prefix indexes.
CREATE INDEX IF NOT EXISTS "user_email_start1_idx" ON "user" USING btree (left(lower("email"), 1), "created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_start2_idx" ON "user" USING btree (left(lower("email"), 2), "created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_start3_idx" ON "user" USING btree (left(lower("email"), 3), "created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_display_name_start1_idx" ON "profiles" USING btree (left(lower("display_name"), 1), "joined_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_display_name_start2_idx" ON "profiles" USING btree (left(lower("display_name"), 2), "joined_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_display_name_start3_idx" ON "profiles" USING btree (left(lower("display_name"), 3), "joined_at", "id");
