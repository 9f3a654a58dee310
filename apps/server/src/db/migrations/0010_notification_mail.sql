ALTER TABLE "notifications" ADD COLUMN "email_pending_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("email_pending_since") WHERE "notifications"."email_pending_since" IS NOT NULL;
