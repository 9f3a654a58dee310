-- The moderation audit log is append-only (docs/decisions/039-campus-moderators.md): no route
-- changes it, and the database refuses any UPDATE, DELETE or TRUNCATE of it, whoever asks.
CREATE OR REPLACE FUNCTION moderation_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "moderation_log_no_update_delete" BEFORE UPDATE OR DELETE ON "moderation_log"
  FOR EACH ROW EXECUTE FUNCTION moderation_log_append_only();--> statement-breakpoint
CREATE TRIGGER "moderation_log_no_truncate" BEFORE TRUNCATE ON "moderation_log"
  FOR EACH STATEMENT EXECUTE FUNCTION moderation_log_append_only();
