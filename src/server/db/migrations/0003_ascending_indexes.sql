DROP INDEX "posts_feed_idx";--> statement-breakpoint
DROP INDEX "posts_user_created_idx";--> statement-breakpoint
DROP INDEX "reports_created_idx";--> statement-breakpoint
DROP INDEX "coupons_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_created_idx";--> statement-breakpoint
DROP INDEX "notification_logs_created_idx";--> statement-breakpoint
DROP INDEX "notification_logs_status_idx";--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("created_at","id") WHERE "posts"."visibility" = 'public' and not "posts"."is_hidden";--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_logs_created_idx" ON "notification_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_logs_status_idx" ON "notification_logs" USING btree ("send_status","created_at");