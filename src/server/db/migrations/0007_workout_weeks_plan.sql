ALTER TABLE "workout_weeks" ADD COLUMN "week_start" date;--> statement-breakpoint
ALTER TABLE "workout_weeks" ADD COLUMN "plan" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "workout_weeks_user_week_start_unique" ON "workout_weeks" USING btree ("user_id","week_start");