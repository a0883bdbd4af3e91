-- Issue 28. The display-name fallback of an account created without a name is the e-mail's local part,
-- up to the last "@" (displayNameFromEmail in src/shared/domain/display.ts): split_part cut a quoted
-- local part such as "a@b"@example.com at its first "@".
CREATE OR REPLACE FUNCTION stackdays_create_member_rows() RETURNS trigger AS $$
BEGIN
  INSERT INTO "profiles" ("id", "display_name")
  VALUES (NEW."id", COALESCE(NULLIF(btrim(NEW."name"), ''), regexp_replace(btrim(NEW."email"), '^(.+)@[^@]*$', '\1')))
  ON CONFLICT ("id") DO NOTHING;
  INSERT INTO "user_settings" ("user_id", "timezone")
  VALUES (NEW."id", COALESCE(NULLIF(btrim(NEW."time_zone"), ''), 'America/Denver'))
  ON CONFLICT ("user_id") DO NOTHING;
  INSERT INTO "consents" ("user_id") VALUES (NEW."id") ON CONFLICT ("user_id") DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- better-auth's own rate limiter is off (ours is rate_limits, decision 0004), so its table is unused.
DROP TABLE IF EXISTS "rate_limit";
