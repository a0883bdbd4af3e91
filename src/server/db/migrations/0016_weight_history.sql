-- Weight sharing (issue 25, item 12; decision 0036): a row each time a member's weight changes, so
-- a post and My Cycle can show the change since Day 1 of the cycle. Read per member by time.
CREATE TABLE "weight_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"weight_kg" double precision NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weight_history_weight_check" CHECK ("weight_history"."weight_kg" > 0)
);--> statement-breakpoint
ALTER TABLE "weight_history" ADD CONSTRAINT "weight_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weight_history_user_recorded_idx" ON "weight_history" USING btree ("user_id","recorded_at");--> statement-breakpoint
-- The weight each member has now, as first entry, at the time it was last saved.
INSERT INTO "weight_history" ("user_id", "weight_kg", "recorded_at")
SELECT "user_id", "weight_kg", "updated_at" FROM "health_profile" WHERE "weight_kg" IS NOT NULL;
