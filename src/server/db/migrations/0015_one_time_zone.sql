-- One time zone per member (decision 0033): `user_settings.timezone` (with its pending change, 0016)
-- counts the day, times the reminders and writes every time on the member's screens. The profile's
-- home time zone, stored and exported but read by nothing, goes: two zones that could disagree were
-- one too many. Nobody's day moves: the zone that counted it stays.
ALTER TABLE "profiles" DROP COLUMN IF EXISTS "home_timezone";
