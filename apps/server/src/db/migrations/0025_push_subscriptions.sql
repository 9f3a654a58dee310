CREATE TABLE "open_streams" (
	"instance_id" text NOT NULL,
	"campus_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_streams_user_id_campus_id_instance_id_pk" PRIMARY KEY("user_id","campus_id","instance_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"kinds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_pending_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "open_streams" ADD CONSTRAINT "open_streams_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_streams" ADD CONSTRAINT "open_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_streams_instance_idx" ON "open_streams" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id","campus_id");--> statement-breakpoint
CREATE INDEX "notifications_push_pending_idx" ON "notifications" USING btree ("push_pending_since") WHERE "notifications"."push_pending_since" IS NOT NULL;--> statement-breakpoint
-- A notification that pushes was created or refreshed (push_pending_since set): announce it on
-- 'campus_push' at commit, and the push job wakes (jobs/push.ts, decision 041). One NOTIFY per
-- transaction: PostgreSQL folds identical ones.
CREATE OR REPLACE FUNCTION notification_push_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('campus_push', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_push_notify" AFTER INSERT OR UPDATE OF "push_pending_since" ON "notifications"
  FOR EACH ROW WHEN (NEW.push_pending_since IS NOT NULL) EXECUTE FUNCTION notification_push_notify();
