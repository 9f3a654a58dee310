CREATE TABLE "ads" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"cta_type" text NOT NULL,
	"cta_url" text DEFAULT '' NOT NULL,
	"cta_label" text DEFAULT '' NOT NULL,
	"targeting" jsonb DEFAULT '{"locations":[],"interests":[],"school_years":[]}'::jsonb NOT NULL,
	"duration_minutes" integer NOT NULL,
	"amount_budgeted" integer NOT NULL,
	"total_spent" integer DEFAULT 0 NOT NULL,
	"run_until_pause" boolean DEFAULT false NOT NULL,
	"start_time" timestamp (3) with time zone,
	"end_time_adjusted" timestamp (3) with time zone,
	"paused_at" timestamp (3) with time zone,
	"time_paused_ms" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"last_charged_at" timestamp (3) with time zone,
	"payment_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_status_check" CHECK ("ads"."status" IN ('checkout', 'in review', 'scheduled', 'active', 'paused', 'stopped', 'rejected', 'completed')),
	CONSTRAINT "ads_cta_type_check" CHECK ("ads"."cta_type" IN ('website', 'message', 'profile')),
	CONSTRAINT "ads_money_check" CHECK ("ads"."amount_budgeted" > 0 AND "ads"."total_spent" >= 0 AND "ads"."total_spent" <= "ads"."amount_budgeted"),
	CONSTRAINT "ads_title_check" CHECK (char_length("ads"."title") <= 50)
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"ad_id" text,
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"url" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" IN ('open', 'complete', 'expired')),
	CONSTRAINT "checkout_sessions_provider_check" CHECK ("checkout_sessions"."provider" IN ('local', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"ad_id" text,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ledger_kind_check" CHECK ("payment_ledger"."kind" IN ('payment', 'ad_budget', 'unspent_budget'))
);
--> statement-breakpoint
CREATE TABLE "post_analytics" (
	"post_id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"accounts_reached" integer DEFAULT 0 NOT NULL,
	"direct_messages" integer DEFAULT 0 NOT NULL,
	"copied_link" integer DEFAULT 0 NOT NULL,
	"external_link_clicks" integer DEFAULT 0 NOT NULL,
	"profile_visits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_analytics_actions" (
	"post_id" text NOT NULL,
	"campus_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_key" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_analytics_actions_pk" PRIMARY KEY("post_id","action","actor_key","day")
);
--> statement-breakpoint
CREATE TABLE "post_reach" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"campus_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reach_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_alerts" (
	"user_id" text NOT NULL,
	"post_id" text NOT NULL,
	"campus_id" uuid NOT NULL,
	"flag" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_alerts_pk" PRIMARY KEY("user_id","post_id"),
	CONSTRAINT "post_alerts_flag_check" CHECK ("post_alerts"."flag" IN ('already_boosted', 'cancelled_ad', 'actived_ad'))
);
--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_analytics" ADD CONSTRAINT "post_analytics_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_analytics" ADD CONSTRAINT "post_analytics_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_analytics_actions" ADD CONSTRAINT "post_analytics_actions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_analytics_actions" ADD CONSTRAINT "post_analytics_actions_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reach" ADD CONSTRAINT "post_reach_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reach" ADD CONSTRAINT "post_reach_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reach" ADD CONSTRAINT "post_reach_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_alerts" ADD CONSTRAINT "post_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_alerts" ADD CONSTRAINT "post_alerts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_alerts" ADD CONSTRAINT "post_alerts_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_owner_idx" ON "ads" USING btree ("campus_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ads_post_idx" ON "ads" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "ads_feed_idx" ON "ads" USING btree ("campus_id","end_time_adjusted","created_at") WHERE "ads"."status" = 'active';--> statement-breakpoint
CREATE INDEX "ads_running_idx" ON "ads" USING btree ("end_time_adjusted") WHERE "ads"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "ads_one_boost_per_post_idx" ON "ads" USING btree ("post_id") WHERE "ads"."status" IN ('active', 'paused', 'scheduled', 'in review');--> statement-breakpoint
CREATE INDEX "checkout_sessions_ad_idx" ON "checkout_sessions" USING btree ("ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_event_idx" ON "payment_ledger" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "payment_ledger_user_idx" ON "payment_ledger" USING btree ("user_id","campus_id");
