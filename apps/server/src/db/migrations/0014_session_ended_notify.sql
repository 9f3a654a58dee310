-- A session row goes (sign-out, revoke, password change, email change, ban, user deleted):
-- announce its id on 'campus_sessions_ended', which every instance's LISTEN connection
-- (lib/events.ts) hears, so live streams opened with that session end at once (plugins/sse.ts).
-- NOTIFY is delivered on commit only, and in commit order with the events' own NOTIFYs.
CREATE OR REPLACE FUNCTION session_ended_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('campus_sessions_ended', OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended_notify" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION session_ended_notify();
