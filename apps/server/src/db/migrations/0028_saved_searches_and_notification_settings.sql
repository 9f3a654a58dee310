CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"push_previews" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_cursors" (
	"campus_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" text NOT NULL,
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"campus_id" uuid NOT NULL,
	"matched_at" timestamp (3) with time zone NOT NULL,
	"digested_at" timestamp (3) with time zone,
	CONSTRAINT "saved_search_matches_pk" PRIMARY KEY("saved_search_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"query" text NOT NULL,
	"show" text NOT NULL,
	"filters" jsonb NOT NULL,
	"search_key" text NOT NULL,
	"tsquery" "tsquery" NOT NULL,
	"anchors" text[] NOT NULL,
	"min_price_cents" integer,
	"max_price_cents" integer,
	"free_only" boolean DEFAULT false NOT NULL,
	"conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"last_notified_at" timestamp (3) with time zone,
	"held_count" integer DEFAULT 0 NOT NULL,
	"held_post_id" text
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_cursors" ADD CONSTRAINT "saved_search_cursors_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_held_post_id_posts_id_fk" FOREIGN KEY ("held_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_digest_idx" ON "saved_search_matches" USING btree ("user_id","matched_at") WHERE "saved_search_matches"."digested_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_key_idx" ON "saved_searches" USING btree ("user_id","campus_id","search_key");--> statement-breakpoint
CREATE INDEX "saved_searches_list_idx" ON "saved_searches" USING btree ("user_id","campus_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_anchors_idx" ON "saved_searches" USING gin ("campus_id","anchors") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "saved_searches_held_idx" ON "saved_searches" USING btree ("last_notified_at") WHERE "saved_searches"."held_count" > 0;--> statement-breakpoint
CREATE INDEX "events_listing_created_idx" ON "events" USING btree ("campus_id","seq") WHERE "events"."type" = 'listing.created';