CREATE TABLE "campus_moderators" (
	"user_id" text NOT NULL,
	"campus_id" uuid NOT NULL,
	"granted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"granted_by" text NOT NULL,
	CONSTRAINT "campus_moderators_user_id_campus_id_pk" PRIMARY KEY("user_id","campus_id")
);
--> statement-breakpoint
CREATE TABLE "member_suspensions" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"created_by" text NOT NULL,
	"lifted_at" timestamp (3) with time zone,
	"lifted_by" text,
	CONSTRAINT "member_suspensions_ends_after_start" CHECK ("member_suspensions"."ends_at" > "member_suspensions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"moderator_id" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"subject_id" text,
	"reason" text NOT NULL,
	"days" integer,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_not_self";--> statement-breakpoint
DROP INDEX "user_reports_pair_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "moderated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "moderated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
-- Reports of a review were stored as reports of its author with review_id set (decision 037).
UPDATE "user_reports" SET "kind" = 'review' WHERE "review_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "post_id" text;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "resolved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "campus_moderators" ADD CONSTRAINT "campus_moderators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_moderators" ADD CONSTRAINT "campus_moderators_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_suspensions" ADD CONSTRAINT "member_suspensions_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_suspensions" ADD CONSTRAINT "member_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campus_moderators_campus_idx" ON "campus_moderators" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "member_suspensions_open_idx" ON "member_suspensions" USING btree ("user_id","ends_at") WHERE "member_suspensions"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "moderation_log_campus_idx" ON "moderation_log" USING btree ("campus_id","created_at","id");--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_post_idx" ON "user_reports" USING btree ("reporter_id","post_id") WHERE "user_reports"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_message_idx" ON "user_reports" USING btree ("reporter_id","message_id") WHERE "user_reports"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "user_reports_open_idx" ON "user_reports" USING btree ("campus_id","created_at","id") WHERE "user_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "user_reports_post_ref_idx" ON "user_reports" USING btree ("post_id") WHERE "user_reports"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "user_reports_message_ref_idx" ON "user_reports" USING btree ("message_id") WHERE "user_reports"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_pair_idx" ON "user_reports" USING btree ("reporter_id","target_id") WHERE "user_reports"."kind" = 'user';--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_moderation_known" CHECK ("messages"."moderation" IS NULL OR "messages"."moderation" IN ('hidden', 'removed'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_not_self" CHECK ("notifications"."to_user_id" <> "notifications"."from_user_id" OR "notifications"."type" IN ('still available', 'content removed', 'content hidden', 'warning', 'suspended'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_moderation_known" CHECK ("posts"."moderation" IS NULL OR "posts"."moderation" IN ('hidden', 'removed'));--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_kind_known" CHECK ("user_reports"."kind" IN ('user', 'post', 'comment', 'message', 'review'));--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_status_known" CHECK ("user_reports"."status" IN ('open', 'dismissed', 'actioned'));--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_names_content" CHECK (("user_reports"."kind" = 'user' AND "user_reports"."post_id" IS NULL AND "user_reports"."message_id" IS NULL AND "user_reports"."review_id" IS NULL)
        OR ("user_reports"."kind" IN ('post', 'comment') AND "user_reports"."post_id" IS NOT NULL)
        OR ("user_reports"."kind" = 'message' AND "user_reports"."message_id" IS NOT NULL)
        OR ("user_reports"."kind" = 'review' AND "user_reports"."review_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderation_known" CHECK ("reviews"."moderation" IS NULL OR "reviews"."moderation" IN ('hidden', 'removed'));