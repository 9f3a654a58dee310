CREATE TABLE "password_account_guards" (
	"email" "citext" PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp (3) with time zone,
	"last_failed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_known_addresses" (
	"email" "citext" NOT NULL,
	"client_ip" text NOT NULL,
	"proved_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_known_addresses_email_client_ip_pk" PRIMARY KEY("email","client_ip")
);
