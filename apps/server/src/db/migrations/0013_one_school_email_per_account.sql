-- One school email, one account. Before this migration two accounts could hold the same
-- verified school email, so existing rows are settled first, or the unique index would fail.
-- 1. The school emails of banned accounts are banned too (banAccount() does this from now on).
INSERT INTO "banned_emails" ("email", "reason")
SELECT u."school_email", 'school email of a banned account'
FROM "users" u JOIN "banned_emails" b ON b."email" = u."email"
WHERE u."school_verified" AND u."school_email" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- 2. Other accounts lose a banned school email; of the accounts sharing one, the oldest keeps
-- it. The others are no longer school-verified and are asked to verify a school email again.
-- The feed-version trigger (0012) runs at once, not at commit: CREATE INDEX refuses a table
-- with pending trigger events.
SET CONSTRAINTS "users_feed_version" IMMEDIATE;--> statement-breakpoint
WITH "ranked" AS (
  SELECT u."id",
    EXISTS (SELECT 1 FROM "banned_emails" b WHERE b."email" = u."school_email")
      AND NOT EXISTS (SELECT 1 FROM "banned_emails" b WHERE b."email" = u."email") AS "evading",
    row_number() OVER (PARTITION BY u."school_email" ORDER BY u."created_at", u."id") AS "n"
  FROM "users" u
  WHERE u."school_verified" AND u."school_email" IS NOT NULL
)
UPDATE "users" SET "school_verified" = false
FROM "ranked" WHERE "users"."id" = "ranked"."id" AND ("ranked"."evading" OR "ranked"."n" > 1);--> statement-breakpoint
SET CONSTRAINTS "users_feed_version" DEFERRED;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_school_email_idx" ON "users" USING btree ("school_email") WHERE "users"."school_verified";
