CREATE TABLE "popular_search_views" (
	"day" date NOT NULL,
	"campus_id" uuid NOT NULL,
	"search_text" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "popular_search_views_pk" PRIMARY KEY("day","campus_id","search_text","user_id")
);
--> statement-breakpoint
ALTER TABLE "popular_search_views" ADD CONSTRAINT "popular_search_views_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_search_views" ADD CONSTRAINT "popular_search_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;