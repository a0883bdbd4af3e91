-- Objects to remove from storage (decision 0042): queued in the transaction that deletes the rows
-- naming them, and removed by the job until storage confirms. The index serves the claim of due rows.
CREATE TABLE "storage_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"is_prefix" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "storage_deletions_due_idx" ON "storage_deletions" USING btree ("next_attempt_at");
