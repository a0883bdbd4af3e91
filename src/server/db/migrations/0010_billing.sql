CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "comp" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_synced_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_stripe_customer_unique" ON "subscriptions" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_comp_check" CHECK ("subscriptions"."comp" is null or "subscriptions"."comp" in ('1', '3', '6', '12', 'lifetime'));