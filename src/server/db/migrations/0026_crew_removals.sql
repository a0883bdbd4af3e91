-- Issue 41 (decision 0094): a member the owner removes from a crew is kept out of the invite link
-- that was live then, so they cannot walk straight back in; a new link lets them in again.
CREATE TABLE IF NOT EXISTS "crew_removals" (
	"crew_id" uuid NOT NULL CONSTRAINT "crew_removals_crew_id_crews_id_fk" REFERENCES "public"."crews"("id") ON DELETE cascade,
	"user_id" text NOT NULL CONSTRAINT "crew_removals_user_id_user_id_fk" REFERENCES "public"."user"("id") ON DELETE cascade,
	"invite_token_hash" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_removals_crew_id_user_id_pk" PRIMARY KEY("crew_id","user_id")
);
