-- users.img holds a storage key in the owner's own folder, never a URL (docs/security.md#profile-pictures-and-uploads).
-- Pictures stored before were saved as '/media/images/profilePics/{id}-{hash}.webp': keep them as keys.
UPDATE "users" SET "img" = substr("img", 8) WHERE "img" LIKE '/media/images/profilePics/%';--> statement-breakpoint
-- Anything else (a URL, 'javascript:…', another user's picture) was never set by the photo endpoint: drop it.
UPDATE "users" SET "img" = NULL, "profile_set_up" = false
WHERE "img" IS NOT NULL
  AND NOT (
    starts_with("img", 'images/profilePics/' || "id" || '/')
    OR starts_with("img", 'images/profilePics/' || "id" || '-')
  );--> statement-breakpoint
-- Defence in depth: only a key shaped like a picture key can be stored at all.
ALTER TABLE "users" ADD CONSTRAINT "users_img_is_key" CHECK (
  "img" IS NULL OR ("img" ~ '^images/profilePics/[A-Za-z0-9_-]+[/-][A-Za-z0-9_-]+\.webp$' AND length("img") <= 200)
);
