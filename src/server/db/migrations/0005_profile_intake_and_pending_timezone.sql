ALTER TABLE "profiles" ADD COLUMN "health_intake_skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "pending_timezone" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "pending_timezone_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_pending_timezone_check" CHECK (("user_settings"."pending_timezone" is null) = ("user_settings"."pending_timezone_from" is null));