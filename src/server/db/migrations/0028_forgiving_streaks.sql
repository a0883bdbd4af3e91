-- Issue 43 (decisions 0098 and 0099): forgiving streaks. A cycle's mode, what the streak rule says
-- for its later days (kept by refreshCycleStats), members' rest-day plans and cycles' pauses.
ALTER TABLE "cycles" ADD COLUMN IF NOT EXISTS "mode" text DEFAULT 'forgiving' NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN IF NOT EXISTS "paused_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN IF NOT EXISTS "paused_dates" date[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN IF NOT EXISTS "rest_dates" date[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN IF NOT EXISTS "streak_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN IF NOT EXISTS "streak_through" date;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN IF NOT EXISTS "at_risk_from" date;--> statement-breakpoint
ALTER TABLE "cycles" ADD COLUMN IF NOT EXISTS "rule_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_mode_check" CHECK ("cycles"."mode" in ('forgiving', 'strict'));--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_paused_days_check" CHECK ("cycles"."paused_days" between 0 and 7);--> statement-breakpoint
-- Until the server recomputes them (rule_version 0, at start), existing cycles keep the streak the
-- old rule kept: the run ending on their last day checked in, alive through the day after it.
UPDATE "cycles" SET "streak_run" = "last_run",
  "streak_through" = CASE WHEN "last_day" > 0 THEN "start_date" + "last_day" END;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rest_day_plans" (
	"user_id" text NOT NULL CONSTRAINT "rest_day_plans_user_id_user_id_fk" REFERENCES "public"."user"("id") ON DELETE cascade,
	"effective_from" date NOT NULL,
	"weekdays" smallint[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rest_day_plans_user_id_effective_from_pk" PRIMARY KEY("user_id","effective_from"),
	CONSTRAINT "rest_day_plans_weekdays_check" CHECK (cardinality("rest_day_plans"."weekdays") <= 2 and "rest_day_plans"."weekdays" <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[])
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "cycle_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL CONSTRAINT "cycle_pauses_cycle_id_cycles_id_fk" REFERENCES "public"."cycles"("id") ON DELETE cascade,
	"user_id" text NOT NULL CONSTRAINT "cycle_pauses_user_id_user_id_fk" REFERENCES "public"."user"("id") ON DELETE cascade,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_early_at" timestamp with time zone,
	CONSTRAINT "cycle_pauses_span_check" CHECK ("cycle_pauses"."end_date" >= "cycle_pauses"."start_date" and "cycle_pauses"."end_date" - "cycle_pauses"."start_date" < 7)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cycle_pauses_cycle_idx" ON "cycle_pauses" USING btree ("cycle_id","start_date");
