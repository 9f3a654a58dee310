CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"author_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"author_role" text NOT NULL,
	"stars" smallint NOT NULL,
	"text" text NOT NULL,
	"reply" text,
	"replied_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_not_self" CHECK ("reviews"."author_id" <> "reviews"."subject_id"),
	CONSTRAINT "reviews_role_known" CHECK ("reviews"."author_role" IN ('seller', 'buyer')),
	CONSTRAINT "reviews_text_length" CHECK (char_length("reviews"."text") <= 3000 AND char_length("reviews"."reply") <= 3000),
	CONSTRAINT "reviews_reply_with_time" CHECK (("reviews"."reply" IS NULL) = ("reviews"."replied_at" IS NULL))
);
--> statement-breakpoint
DROP INDEX "user_reports_pair_idx";--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "review_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_side_idx" ON "reviews" USING btree ("post_id","author_id","subject_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","campus_id","created_at","id");--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_review_idx" ON "user_reports" USING btree ("reporter_id","review_id") WHERE "user_reports"."review_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_pair_idx" ON "user_reports" USING btree ("reporter_id","target_id") WHERE "user_reports"."review_id" IS NULL;