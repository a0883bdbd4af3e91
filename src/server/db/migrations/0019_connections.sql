-- Connections (issue 29; decisions 0044 and 0045): personal access tokens, stored as their SHA-256
-- only; the numbers a connection sent for a member's local day; and on a check-in, where its steps
-- and minutes came from.
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_tokens_name_length_check" CHECK (char_length("api_tokens"."name") between 1 and 60)
);--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_unique" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "connection_activity" (
	"user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"steps" integer NOT NULL,
	"moved_minutes" integer NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"token_id" uuid,
	CONSTRAINT "connection_activity_user_id_local_date_pk" PRIMARY KEY("user_id","local_date"),
	CONSTRAINT "connection_activity_steps_check" CHECK ("connection_activity"."steps" between 0 and 200000),
	CONSTRAINT "connection_activity_moved_minutes_check" CHECK ("connection_activity"."moved_minutes" between 0 and 1440),
	CONSTRAINT "connection_activity_source_length_check" CHECK (char_length("connection_activity"."source") between 1 and 40)
);--> statement-breakpoint
ALTER TABLE "connection_activity" ADD CONSTRAINT "connection_activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_activity" ADD CONSTRAINT "connection_activity_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "activity_source" text;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "activity_at" timestamp with time zone;
