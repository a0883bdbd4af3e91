-- Admin search (decision 0027): the search pages newest account first, and a 3-letter name prefix
-- matches hundreds of members. So that the page is chosen from the prefix indexes alone, without
-- reading every match's account, each profile carries its account's creation time (`joined_at`,
-- the admin list's "Joined"), and both prefix indexes include it. It is copied from the account when
-- the profile is made, whatever made it (a BEFORE INSERT trigger), and an account's creation time
-- never changes.
ALTER TABLE "profiles" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "profiles" p SET "joined_at" = u."created_at" FROM "user" u WHERE u."id" = p."id";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "joined_at" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stackdays_profile_joined_at() RETURNS trigger AS $$
DECLARE
  joined timestamp with time zone;
BEGIN
  SELECT u."created_at" INTO joined FROM "user" u WHERE u."id" = NEW."id";
  -- No account: the row keeps its default and the foreign key refuses it.
  IF FOUND THEN
    NEW."joined_at" := joined;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "profiles_joined_at" BEFORE INSERT ON "profiles"
FOR EACH ROW EXECUTE FUNCTION stackdays_profile_joined_at();--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_display_name_lower_prefix_idx";--> statement-breakpoint
CREATE INDEX "profiles_display_name_lower_prefix_idx" ON "profiles" USING btree (lower("display_name") text_pattern_ops) INCLUDE ("display_name", "joined_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "user_email_lower_prefix_idx";--> statement-breakpoint
CREATE INDEX "user_email_lower_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops) INCLUDE ("email", "created_at", "id");
