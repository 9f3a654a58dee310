-- Password lockout per account AND client address (a stranger cannot lock a victim out).
ALTER TABLE "login_lockouts" DROP CONSTRAINT "login_lockouts_pkey";--> statement-breakpoint
ALTER TABLE "login_lockouts" ADD COLUMN "client_ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_lockouts" ADD CONSTRAINT "login_lockouts_email_client_ip_pk" PRIMARY KEY("email","client_ip");--> statement-breakpoint
-- Wrong code guesses and code requests per account, across all its codes.
CREATE TABLE "account_code_guards" (
	"email" "citext" PRIMARY KEY NOT NULL,
	"wrong_guesses" integer DEFAULT 0 NOT NULL,
	"guesses_since" timestamp (3) with time zone,
	"sends" integer DEFAULT 0 NOT NULL,
	"sends_since" timestamp (3) with time zone,
	"last_sent_at" timestamp (3) with time zone
);
