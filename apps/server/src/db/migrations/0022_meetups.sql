CREATE TABLE "meetups" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"chat_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"spot_id" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "meetups_status_known" CHECK ("meetups"."status" IN ('open', 'accepted', 'replaced')),
	CONSTRAINT "meetups_two_sides" CHECK ("meetups"."from_user_id" <> "meetups"."to_user_id"),
	CONSTRAINT "meetups_spot_id_length" CHECK (char_length("meetups"."spot_id") BETWEEN 1 AND 64)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "meetup_id" text;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meetups_one_open_idx" ON "meetups" USING btree ("chat_id") WHERE "meetups"."status" = 'open';--> statement-breakpoint
CREATE INDEX "meetups_chat_idx" ON "meetups" USING btree ("chat_id","created_at");