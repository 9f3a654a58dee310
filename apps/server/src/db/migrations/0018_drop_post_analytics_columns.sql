ALTER TABLE "posts" DROP COLUMN "views";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "accounts_reached";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "direct_messages";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "copied_link";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "external_link_clicks";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "profile_visits";