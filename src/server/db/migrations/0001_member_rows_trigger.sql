-- Every account gets its profile and settings rows in the same transaction as the account itself,
-- whichever path created it (sign-up, admin create-user, scripts). Display name: the sign-up name,
-- or the e-mail's local part. Time zone: the browser's at sign-up when valid, else the spec's default.
CREATE OR REPLACE FUNCTION stackdays_create_member_rows() RETURNS trigger AS $$
BEGIN
  INSERT INTO "profiles" ("id", "display_name")
  VALUES (NEW."id", COALESCE(NULLIF(btrim(NEW."name"), ''), split_part(NEW."email", '@', 1)))
  ON CONFLICT ("id") DO NOTHING;
  INSERT INTO "user_settings" ("user_id", "timezone")
  VALUES (NEW."id", COALESCE(NULLIF(btrim(NEW."time_zone"), ''), 'America/Denver'))
  ON CONFLICT ("user_id") DO NOTHING;
  INSERT INTO "consents" ("user_id") VALUES (NEW."id") ON CONFLICT ("user_id") DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "user_member_rows" AFTER INSERT ON "user"
FOR EACH ROW EXECUTE FUNCTION stackdays_create_member_rows();
