-- Issue 33 (decisions 0050, 0051). Reminders: each member's settings row carries the earliest instant
-- their next daily reminder can be owed, so a reminder run reads through a partial index only the
-- members whose moment has come, never every member with nudges on. It is a lower bound: the run
-- decides in SQL whether the member is really due, and moves it on for everyone it read. Anything
-- that can make a reminder owed sooner (zone, hour, nudges, a cycle starting or ending, a verified
-- address) resets it to the epoch, "look again now", through the triggers below.
ALTER TABLE "user_settings" ADD COLUMN IF NOT EXISTS "next_reminder_at" timestamp with time zone DEFAULT '1970-01-01T00:00:00Z' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_settings_next_reminder_idx" ON "user_settings" USING btree ("next_reminder_at") WHERE "email_nudges" OR "push_nudges";--> statement-breakpoint
CREATE OR REPLACE FUNCTION stackdays_settings_remind_again() RETURNS trigger AS $$
BEGIN
  IF NEW."timezone" IS DISTINCT FROM OLD."timezone"
     OR NEW."pending_timezone" IS DISTINCT FROM OLD."pending_timezone"
     OR NEW."pending_timezone_from" IS DISTINCT FROM OLD."pending_timezone_from"
     OR NEW."reminder_hour" IS DISTINCT FROM OLD."reminder_hour"
     OR NEW."email_nudges" IS DISTINCT FROM OLD."email_nudges"
     OR NEW."push_nudges" IS DISTINCT FROM OLD."push_nudges" THEN
    NEW."next_reminder_at" := '1970-01-01T00:00:00Z';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "user_settings_remind_again" BEFORE UPDATE ON "user_settings"
FOR EACH ROW EXECUTE FUNCTION stackdays_settings_remind_again();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stackdays_member_remind_again() RETURNS trigger AS $$
BEGIN
  UPDATE "user_settings" SET "next_reminder_at" = '1970-01-01T00:00:00Z'
  WHERE "user_id" = NEW."user_id" AND "next_reminder_at" > '1970-01-01T00:00:00Z';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "cycles_remind_again" AFTER INSERT OR UPDATE OF "is_active", "start_date" ON "cycles"
FOR EACH ROW EXECUTE FUNCTION stackdays_member_remind_again();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stackdays_user_remind_again() RETURNS trigger AS $$
BEGIN
  IF NEW."email_verified" IS DISTINCT FROM OLD."email_verified" THEN
    UPDATE "user_settings" SET "next_reminder_at" = '1970-01-01T00:00:00Z'
    WHERE "user_id" = NEW."id" AND "next_reminder_at" > '1970-01-01T00:00:00Z';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "user_remind_again" AFTER UPDATE OF "email_verified" ON "user"
FOR EACH ROW EXECUTE FUNCTION stackdays_user_remind_again();
--> statement-breakpoint
-- Whether PostgreSQL knows a zone name (the run falls back to the default zone, as the app does).
CREATE OR REPLACE FUNCTION stackdays_known_zone(zone text) RETURNS boolean AS $$
BEGIN
  IF zone IS NULL OR length(zone) = 0 OR length(zone) > 64 OR zone ~ '^[+-]' THEN
    RETURN false;
  END IF;
  PERFORM now() AT TIME ZONE zone;
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- Retention (decision 0050): each pruned table has an index for its prune query. notification_logs
-- (created_at) and audit_events (created_at, id) have theirs already.
CREATE INDEX IF NOT EXISTS "billing_events_processed_idx" ON "billing_events" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notification_claims_reminder_created_idx" ON "notification_claims" USING btree ("created_at") WHERE "key" LIKE 'reminder:%';
