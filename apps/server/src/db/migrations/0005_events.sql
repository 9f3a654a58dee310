-- The event outbox (docs/decisions/014-events-and-jobs.md). seq comes from events_seq_seq, taken while
-- holding the campus's publish lock (lib/events.ts), so per campus seq order is commit order.
CREATE SEQUENCE "events_seq_seq" AS bigint;--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL DEFAULT nextval('events_seq_seq'),
	"campus_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_seq_unique" UNIQUE("seq"),
	CONSTRAINT "events_type_length" CHECK (length("type") BETWEEN 1 AND 64)
);--> statement-breakpoint
ALTER SEQUENCE "events_seq_seq" OWNED BY "events"."seq";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_recipient_seq_idx" ON "events" USING btree ("campus_id","user_id","seq");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");
