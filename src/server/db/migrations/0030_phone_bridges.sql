-- Issue 45 (decisions 0106-0108): phone bridges. Today's samples of the kept kinds (steps, minutes,
-- water, protein) keyed so a resend replaces rather than adds; the sync log; the protein and water a
-- bridge summed for a day; the member's fuel targets. No other kind of health data has a column.
CREATE TABLE IF NOT EXISTS "bridge_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL CONSTRAINT "bridge_samples_user_id_user_id_fk" REFERENCES "public"."user"("id") ON DELETE cascade,
	"app" text NOT NULL,
	"kind" text NOT NULL,
	"sample_key" text NOT NULL,
	"local_date" date NOT NULL,
	"amount" double precision NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bridge_samples_app_check" CHECK ("bridge_samples"."app" in ('health-auto-export', 'health-connect')),
	CONSTRAINT "bridge_samples_kind_check" CHECK ("bridge_samples"."kind" in ('steps', 'exercise_minutes', 'session_minutes', 'water_ml', 'protein_g')),
	CONSTRAINT "bridge_samples_amount_check" CHECK ("bridge_samples"."amount" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "bridge_samples_key_unique" ON "bridge_samples" USING btree ("user_id","app","kind","sample_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bridge_samples_day_idx" ON "bridge_samples" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bridge_samples_received_idx" ON "bridge_samples" USING btree ("received_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "bridge_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL CONSTRAINT "bridge_deliveries_user_id_user_id_fk" REFERENCES "public"."user"("id") ON DELETE cascade,
	"app" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb NOT NULL,
	CONSTRAINT "bridge_deliveries_app_check" CHECK ("bridge_deliveries"."app" in ('health-auto-export', 'health-connect')),
	CONSTRAINT "bridge_deliveries_outcome_check" CHECK ("bridge_deliveries"."outcome" in ('used', 'skipped', 'refused', 'test'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bridge_deliveries_user_idx" ON "bridge_deliveries" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bridge_deliveries_received_idx" ON "bridge_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "connection_fuel" (
	"user_id" text NOT NULL CONSTRAINT "connection_fuel_user_id_user_id_fk" REFERENCES "public"."user"("id") ON DELETE cascade,
	"local_date" date NOT NULL,
	"protein_g" double precision,
	"water_ml" double precision,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connection_fuel_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "fuel_targets" (
	"user_id" text PRIMARY KEY NOT NULL CONSTRAINT "fuel_targets_user_id_user_id_fk" REFERENCES "public"."user"("id") ON DELETE cascade,
	"protein_g" integer,
	"water_ml" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fuel_targets_protein_check" CHECK ("fuel_targets"."protein_g" between 1 and 500),
	CONSTRAINT "fuel_targets_water_check" CHECK ("fuel_targets"."water_ml" between 100 and 10000)
);
