-- Issue 41 (decision 0093): a crew post that became its author's alone when they left the crew, were
-- removed or it closed remembers that crew, so the author sees it marked as such ("Only me · you
-- left Morning Crew") and can pick a new audience. Only an only-me post names one; any audience the
-- author picks later clears it.
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "left_crew_id" uuid CONSTRAINT "posts_left_crew_id_crews_id_fk" REFERENCES "crews"("id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_left_crew_check" CHECK ("posts"."left_crew_id" is null or "posts"."visibility" = 'private');
