CREATE TABLE "feed_versions" (
	"campus_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_versions" ADD CONSTRAINT "feed_versions_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Moves a campus's feed version once per transaction (decision 025). The transaction-local
-- setting remembers the campuses already moved, so a statement that writes 200k rows moves
-- the counter once, not 200k times.
CREATE OR REPLACE FUNCTION feed_version_bump(campus uuid) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  moved text := coalesce(current_setting('campus.feed_moved', true), '');
BEGIN
  IF campus IS NULL OR position(campus::text IN moved) > 0 THEN
    RETURN;
  END IF;
  INSERT INTO feed_versions AS v (campus_id, version) VALUES (campus, 1)
    ON CONFLICT (campus_id) DO UPDATE SET version = v.version + 1;
  PERFORM set_config('campus.feed_moved', moved || campus::text || ',', true);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_changed_by_campus_row() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM feed_version_bump(OLD.campus_id);
  ELSE
    PERFORM feed_version_bump(NEW.campus_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_changed_by_media() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- After a post's deletion its media rows are gone with it; the post's own trigger moved it.
  PERFORM feed_version_bump((SELECT campus_id FROM posts
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_changed_by_author() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  campus uuid;
BEGIN
  -- Their campus before and after, and every campus where they have posts, in one order, so
  -- two such transactions queue rather than deadlock. (Their campus: a profile's saves tab
  -- shows even when they posted nothing.)
  FOR campus IN SELECT c FROM (SELECT p.campus_id AS c FROM posts p WHERE p.user_id = NEW.id
      UNION SELECT OLD.campus_id UNION SELECT NEW.campus_id) AS touched WHERE c IS NOT NULL ORDER BY 1 LOOP
    PERFORM feed_version_bump(campus);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deferred to the commit: the counter's row is locked for the shortest time, and always after
-- any other lock the transaction takes (e.g. the campus's event lock), so never in two orders.
CREATE CONSTRAINT TRIGGER "posts_feed_version" AFTER INSERT OR DELETE ON "posts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_changed_by_campus_row();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_feed_version_update" AFTER UPDATE ON "posts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION feed_changed_by_campus_row();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "post_media_feed_version" AFTER INSERT OR UPDATE OR DELETE ON "post_media"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_changed_by_media();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_feed_version" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.img IS DISTINCT FROM NEW.img
    OR OLD.verified IS DISTINCT FROM NEW.verified OR OLD.campus_id IS DISTINCT FROM NEW.campus_id
    OR OLD.school_verified IS DISTINCT FROM NEW.school_verified)
  EXECUTE FUNCTION feed_changed_by_author();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ads_feed_version" AFTER INSERT OR DELETE ON "ads"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_changed_by_campus_row();--> statement-breakpoint
-- The ad clock charges running ads every tick; only what a feed shows moves the counter.
CREATE CONSTRAINT TRIGGER "ads_feed_version_update" AFTER UPDATE ON "ads"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.end_time_adjusted IS DISTINCT FROM NEW.end_time_adjusted
    OR OLD.post_id IS DISTINCT FROM NEW.post_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.cta_type IS DISTINCT FROM NEW.cta_type OR OLD.cta_url IS DISTINCT FROM NEW.cta_url
    OR OLD.cta_label IS DISTINCT FROM NEW.cta_label)
  EXECUTE FUNCTION feed_changed_by_campus_row();
