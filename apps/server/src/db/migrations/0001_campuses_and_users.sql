CREATE TABLE "campus_email_domains" (
	"campus_id" uuid NOT NULL,
	"domain" text NOT NULL,
	CONSTRAINT "campus_email_domains_campus_id_domain_pk" PRIMARY KEY("campus_id","domain"),
	CONSTRAINT "campus_email_domains_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "campuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"is_hub" boolean DEFAULT false NOT NULL,
	"privacy" text DEFAULT 'private' NOT NULL,
	"url" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"theme_color" text NOT NULL,
	"instagram" text NOT NULL,
	"support_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campuses_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" uuid,
	"first_name" varchar(20) NOT NULL,
	"last_name" varchar(20) NOT NULL,
	"username" "citext" NOT NULL,
	"email" "citext" NOT NULL,
	"school_email" "citext",
	"grad_year" integer,
	"phone" varchar(20),
	"gender" text,
	"img" text,
	"bio" varchar(160),
	"birth_date" jsonb,
	"profile_set_up" boolean DEFAULT false NOT NULL,
	"getting_started" boolean DEFAULT true NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"school_verified" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'individual' NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"available_funds" integer DEFAULT 0 NOT NULL,
	"total_posts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "campus_email_domains" ADD CONSTRAINT "campus_email_domains_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_campus_members_idx" ON "users" USING btree ("campus_id") WHERE "users"."school_verified";