-- Analytics per ad, not per post (docs/decisions/030-feed-ads-and-rough-edges.md): a new ad on a post starts at 0. The counts
-- made so far go to the post's latest ad that ran (they were made while an ad of it was active);
-- rows of a post that never ran an ad cannot be placed and go.
ALTER TABLE "post_analytics" ADD COLUMN "ad_id" text;--> statement-breakpoint
ALTER TABLE "post_analytics_actions" ADD COLUMN "ad_id" text;--> statement-breakpoint
ALTER TABLE "post_reach" ADD COLUMN "ad_id" text;--> statement-breakpoint
UPDATE "post_analytics" t SET "ad_id" = (SELECT a."id" FROM "ads" a WHERE a."post_id" = t."post_id" AND a."start_time" IS NOT NULL ORDER BY a."start_time" DESC, a."id" DESC LIMIT 1);--> statement-breakpoint
UPDATE "post_analytics_actions" t SET "ad_id" = (SELECT a."id" FROM "ads" a WHERE a."post_id" = t."post_id" AND a."start_time" IS NOT NULL ORDER BY a."start_time" DESC, a."id" DESC LIMIT 1);--> statement-breakpoint
UPDATE "post_reach" t SET "ad_id" = (SELECT a."id" FROM "ads" a WHERE a."post_id" = t."post_id" AND a."start_time" IS NOT NULL ORDER BY a."start_time" DESC, a."id" DESC LIMIT 1);--> statement-breakpoint
DELETE FROM "post_analytics" WHERE "ad_id" IS NULL;--> statement-breakpoint
DELETE FROM "post_analytics_actions" WHERE "ad_id" IS NULL;--> statement-breakpoint
DELETE FROM "post_reach" WHERE "ad_id" IS NULL;--> statement-breakpoint
ALTER TABLE "post_analytics" ALTER COLUMN "ad_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_analytics_actions" ALTER COLUMN "ad_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_reach" ALTER COLUMN "ad_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_analytics" DROP CONSTRAINT "post_analytics_pkey";--> statement-breakpoint
ALTER TABLE "post_analytics" ADD CONSTRAINT "post_analytics_pkey" PRIMARY KEY("ad_id");--> statement-breakpoint
ALTER TABLE "post_analytics_actions" DROP CONSTRAINT "post_analytics_actions_pk";--> statement-breakpoint
ALTER TABLE "post_analytics_actions" ADD CONSTRAINT "post_analytics_actions_pk" PRIMARY KEY("ad_id","action","actor_key","day");--> statement-breakpoint
ALTER TABLE "post_reach" DROP CONSTRAINT "post_reach_pk";--> statement-breakpoint
ALTER TABLE "post_reach" ADD CONSTRAINT "post_reach_pk" PRIMARY KEY("ad_id","user_id");--> statement-breakpoint
ALTER TABLE "post_analytics" ADD CONSTRAINT "post_analytics_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_analytics_actions" ADD CONSTRAINT "post_analytics_actions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reach" ADD CONSTRAINT "post_reach_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;
