-- Issue 44 (decisions 0114 and 0115): crew cycles. A crew's 90 days with one Day 1 (the same calendar
-- date in every member's zone), its mode and goal, and each member's choice to move their cycle to it
-- or to stay on their own. Leaving the crew deletes the choice (the member's cycle runs on, solo).
CREATE TABLE IF NOT EXISTS "crew_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"crew_id" uuid NOT NULL CONSTRAINT "crew_cycles_crew_id_crews_id_fk" REFERENCES "public"."crews"("id") ON DELETE cascade,
	"start_date" date NOT NULL,
	"mode" text NOT NULL,
	"goal_minutes" integer,
	"created_by" text CONSTRAINT "crew_cycles_created_by_user_id_fk" REFERENCES "public"."user"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_cycles_mode_check" CHECK ("crew_cycles"."mode" in ('forgiving', 'strict')),
	CONSTRAINT "crew_cycles_goal_check" CHECK ("crew_cycles"."goal_minutes" between 1 and 2500000)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "crew_cycles_crew_start_unique" ON "crew_cycles" USING btree ("crew_id","start_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crew_cycles_start_idx" ON "crew_cycles" USING btree ("start_date");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "crew_cycle_members" (
	"crew_cycle_id" uuid NOT NULL CONSTRAINT "crew_cycle_members_crew_cycle_id_crew_cycles_id_fk" REFERENCES "public"."crew_cycles"("id") ON DELETE cascade,
	"crew_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"choice" text NOT NULL,
	"chosen_on" date NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cycle_id" uuid CONSTRAINT "crew_cycle_members_cycle_id_cycles_id_fk" REFERENCES "public"."cycles"("id") ON DELETE set null,
	CONSTRAINT "crew_cycle_members_crew_cycle_id_user_id_pk" PRIMARY KEY("crew_cycle_id","user_id"),
	CONSTRAINT "crew_cycle_members_crew_member_fk" FOREIGN KEY ("crew_id","user_id") REFERENCES "public"."crew_members"("crew_id","user_id") ON DELETE cascade,
	CONSTRAINT "crew_cycle_members_choice_check" CHECK ("crew_cycle_members"."choice" in ('move', 'stay'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "crew_cycle_members_cycle_unique" ON "crew_cycle_members" USING btree ("cycle_id") WHERE "crew_cycle_members"."cycle_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "crew_cycle_members_one_waiting_move" ON "crew_cycle_members" USING btree ("user_id") WHERE "crew_cycle_members"."choice" = 'move' and "crew_cycle_members"."cycle_id" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crew_cycle_members_user_idx" ON "crew_cycle_members" USING btree ("user_id");
