CREATE TABLE "user_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_reports_not_self" CHECK ("user_reports"."reporter_id" <> "user_reports"."target_id")
);
--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_pair_idx" ON "user_reports" USING btree ("reporter_id","target_id");
--> statement-breakpoint
CREATE INDEX "user_reports_queue_idx" ON "user_reports" USING btree ("campus_id","created_at");
--> statement-breakpoint
CREATE INDEX "user_reports_target_idx" ON "user_reports" USING btree ("target_id");
--> statement-breakpoint
CREATE INDEX "posts_user_top_idx" ON "posts" USING btree ("user_id","last_modified","id") WHERE "posts"."post_commented_on" IS NULL AND "posts"."type" <> 'new user';
--> statement-breakpoint
CREATE INDEX "posts_user_photos_idx" ON "posts" USING btree ("user_id","created_at","id") WHERE "posts"."img_count" > 0;
--> statement-breakpoint
CREATE INDEX "posts_user_replies_idx" ON "posts" USING btree ("user_id","last_modified","id") WHERE "posts"."post_commented_on" IS NOT NULL;
