-- Crews and who sees a post (issue 30, decisions 0046-0047). A post's audience stays in
-- posts.visibility ('public' the community, 'private' the author alone) plus 'crew' with crew_id;
-- the community feed's partial index (visibility = 'public') is unchanged.
CREATE TABLE "crews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" text,
	"invite_token_hash" text,
	"invite_token_sealed" text,
	"invite_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "crews_name_length_check" CHECK (char_length("crews"."name") between 1 and 40)
);--> statement-breakpoint
CREATE TABLE "crew_members" (
	"crew_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_members_crew_id_user_id_pk" PRIMARY KEY("crew_id","user_id")
);--> statement-breakpoint
CREATE TABLE "crew_nudges" (
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"crew_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_nudges_from_user_id_to_user_id_local_date_pk" PRIMARY KEY("from_user_id","to_user_id","local_date")
);--> statement-breakpoint
ALTER TABLE "crews" ADD CONSTRAINT "crews_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_members" ADD CONSTRAINT "crew_members_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_members" ADD CONSTRAINT "crew_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_nudges" ADD CONSTRAINT "crew_nudges_from_user_id_user_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_nudges" ADD CONSTRAINT "crew_nudges_to_user_id_user_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_nudges" ADD CONSTRAINT "crew_nudges_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crews_invite_token_hash_unique" ON "crews" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "crews_created_idx" ON "crews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "crew_members_user_idx" ON "crew_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "crew_nudges_to_idx" ON "crew_nudges" USING btree ("to_user_id");--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "crew_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_crew_created_idx" ON "posts" USING btree ("crew_id","created_at") WHERE "posts"."crew_id" is not null;--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_visibility_check";--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_visibility_check" CHECK ("posts"."visibility" in ('public', 'private', 'crew'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_crew_audience_check" CHECK (("posts"."visibility" = 'crew') = ("posts"."crew_id" is not null));
