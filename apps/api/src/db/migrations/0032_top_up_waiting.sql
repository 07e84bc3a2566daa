-- Issue 21: the treasurer's daily e-mail of the top-ups waiting for validation runs once a day across
-- instances (one row per day, inserted first); abandoned top-ups expire (state E); broadcast e-mails
-- follow each person's choice.
CREATE TABLE "top_up_digest_runs" (
	"jour" date PRIMARY KEY NOT NULL,
	"debut" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone,
	"en_attente" integer DEFAULT 0 NOT NULL,
	"destinataires" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_payments_waiting_idx" ON "user_payments" ("etat", "created_at") WHERE "etat" IN ('C', 'P', 'R');
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_messages" boolean DEFAULT true NOT NULL;
