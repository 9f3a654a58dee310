CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "offers_amount_range" CHECK ("offers"."amount_cents" > 0 AND "offers"."amount_cents" <= 100000000),
	CONSTRAINT "offers_status_known" CHECK ("offers"."status" IN ('open', 'accepted', 'declined', 'countered', 'expired')),
	CONSTRAINT "offers_two_sides" CHECK ("offers"."buyer_id" <> "offers"."seller_id" AND "offers"."from_user_id" IN ("offers"."buyer_id", "offers"."seller_id"))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "offer_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_idx" ON "offers" USING btree ("post_id","buyer_id") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_chat_idx" ON "offers" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_post_idx" ON "offers" USING btree ("post_id","buyer_id");