-- Issue 47 (decisions 0116, 0118): the member's language. Null until chosen or set at sign-up from the
-- browser; then every page and every message to the member is in it, whatever Accept-Language says.
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "language" text;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "profiles" ADD CONSTRAINT "profiles_language_check" CHECK ("profiles"."language" in ('en', 'es', 'de'));
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
