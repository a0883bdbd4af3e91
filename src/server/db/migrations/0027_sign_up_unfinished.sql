-- Issue 41 item 8 (decision 0095): an account whose address was first proven in a browser that did not
-- make its sign-up starts afresh (decision 0072), with no name chosen and no terms accepted. It says
-- so until the member chooses a name and accepts the terms, which the app asks before it opens.
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "sign_up_unfinished_at" timestamp with time zone;
