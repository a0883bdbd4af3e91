ALTER TABLE "cycles" ADD COLUMN "checkin_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN "total_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN "total_steps" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN "last_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN "last_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN "longest_streak" integer DEFAULT 0 NOT NULL;