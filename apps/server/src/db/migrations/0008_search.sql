-- Search in PostgreSQL (decision 017): weighted full text, a per-campus vocabulary for
-- misspellings, people by name, recent and popular searches.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); index expressions need IMMUTABLE.
-- Naming the dictionary and the schema keeps the result independent of search_path.
CREATE OR REPLACE FUNCTION search_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- The first line weighs like a title (A), the rest is body (B); English stemming, no accents.
DROP INDEX IF EXISTS "posts_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "posts_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, search_unaccent(split_part(plain_text, E'\n', 1))), 'A')
  || setweight(to_tsvector('english'::regconfig, search_unaccent(substr(plain_text, length(split_part(plain_text, E'\n', 1)) + 2))), 'B')
) STORED;--> statement-breakpoint
-- Searchable posts only (top-level, not 'new user'), campus first inside the GIN index.
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("campus_id", "search_vector")
  WHERE "post_commented_on" IS NULL AND "type" = 'post';--> statement-breakpoint
-- Every word (unstemmed, unaccented, lower case, with a letter: no prices or item numbers) of a
-- campus's posts, to correct misspellings against words that really occur there. Words are only added: a word
-- whose posts are gone expands a query to nothing, which costs nothing.
CREATE TABLE "search_terms" (
	"campus_id" uuid NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	CONSTRAINT "search_terms_pk" PRIMARY KEY("campus_id","term")
);--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("campus_id", "term" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_terms_collect() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.post_commented_on IS NULL AND NEW.type = 'post' THEN
    INSERT INTO search_terms (campus_id, term)
      SELECT NEW.campus_id, w
      FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, search_unaccent(NEW.plain_text)))) AS w
      WHERE length(w) BETWEEN 2 AND 32 AND w ~ '^[[:alnum:]]+$' AND w ~ '[[:alpha:]]'
      ORDER BY w
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_search_terms" AFTER INSERT OR UPDATE OF plain_text ON "posts"
  FOR EACH ROW EXECUTE FUNCTION search_terms_collect();--> statement-breakpoint
INSERT INTO search_terms (campus_id, term)
  SELECT DISTINCT p.campus_id, w
  FROM posts p, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, search_unaccent(p.plain_text)))) AS w
  WHERE p.post_commented_on IS NULL AND p.type = 'post' AND length(w) BETWEEN 2 AND 32 AND w ~ '^[[:alnum:]]+$' AND w ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- People: names and username of school-verified members, by prefix and trigram, per campus.
CREATE INDEX "users_search_idx" ON "users" USING gin (
  "campus_id",
  search_unaccent(lower(first_name || ' ' || last_name || ' ' || username::text)) gin_trgm_ops
) WHERE "school_verified";--> statement-breakpoint
CREATE TABLE "user_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"search_text" text NOT NULL,
	"search_qty" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "user_searches" ADD CONSTRAINT "user_searches_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_searches" ADD CONSTRAINT "user_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_searches_text_idx" ON "user_searches" USING btree ("user_id","campus_id",lower("search_text"));--> statement-breakpoint
CREATE INDEX "user_searches_recent_idx" ON "user_searches" USING btree ("user_id","campus_id","last_modified");--> statement-breakpoint
CREATE TABLE "popular_searches" (
	"campus_id" uuid NOT NULL,
	"search_text" text NOT NULL,
	"total_views" integer DEFAULT 0 NOT NULL,
	"last_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popular_searches_pk" PRIMARY KEY("campus_id","search_text")
);--> statement-breakpoint
ALTER TABLE "popular_searches" ADD CONSTRAINT "popular_searches_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popular_searches_top_idx" ON "popular_searches" USING btree ("campus_id","total_views");
