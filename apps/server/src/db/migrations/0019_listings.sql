ALTER TABLE "posts" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "status" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "buyer_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "status_changed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "previous_price_cents" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_dropped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "renewed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "stale_asked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "expired_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_condition_known" CHECK ("posts"."condition" IS NULL OR "posts"."condition" IN ('new', 'like new', 'good', 'fair', 'for parts'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_status_known" CHECK ("posts"."status" IN ('available', 'pending', 'sold'));