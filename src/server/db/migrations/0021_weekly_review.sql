-- The weekly review (decisions 0048, 0049). Its own e-mail setting, on by default and separate from
-- the daily nudges; the posts made by "Share this week", one per member's cycle week (a deleted
-- post frees the week again). E-mails are claimed in notification_claims ('weekly_review:…').
ALTER TABLE "user_settings" ADD COLUMN IF NOT EXISTS "weekly_review_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "review_shares" (
	"cycle_id" uuid NOT NULL REFERENCES "cycles"("id") ON DELETE CASCADE,
	"week" integer NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"post_id" uuid NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_shares_pkey" PRIMARY KEY ("cycle_id", "week"),
	CONSTRAINT "review_shares_week_check" CHECK ("week" BETWEEN 1 AND 13)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_shares_post_idx" ON "review_shares" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_shares_user_idx" ON "review_shares" USING btree ("user_id");
