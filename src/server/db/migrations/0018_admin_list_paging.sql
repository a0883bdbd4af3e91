-- Admin lists page and search (decision 0039). Posts are listed newest first whatever their
-- visibility (the feed's index covers only public, visible ones); reports are found by their
-- reporter or their post, and both by their words: GIN indexes on the same expressions the
-- searches use (`to_tsvector('simple', coalesce(…, ''))`, no extension needed, PGlite included).
CREATE INDEX IF NOT EXISTS "posts_created_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_caption_search_idx" ON "posts" USING gin (to_tsvector('simple', coalesce("caption", '')));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_reason_search_idx" ON "reports" USING gin (to_tsvector('simple', coalesce("reason", '')));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_post_created_idx" ON "reports" USING btree ("post_id","created_at");
