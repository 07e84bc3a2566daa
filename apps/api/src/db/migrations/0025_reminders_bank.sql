ALTER TABLE "union_settings" ADD COLUMN "iban" text;
--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "bic" text;
--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "relance_jours_1" integer DEFAULT 15 NOT NULL;
--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "relance_jours_2" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "relance_jours_3" integer DEFAULT 45 NOT NULL;
--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "relance_ecart" integer DEFAULT 10 NOT NULL;
--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "relance_auto" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "union_settings" ADD CONSTRAINT "union_settings_reminder_delays" CHECK ("relance_jours_1" >= 1 AND "relance_jours_1" < "relance_jours_2" AND "relance_jours_2" < "relance_jours_3" AND "relance_jours_3" <= 365 AND "relance_ecart" >= 1 AND "relance_ecart" <= 365);
--> statement-breakpoint
ALTER TABLE "accounting_reminders" ADD COLUMN "reste" integer;
--> statement-breakpoint
CREATE TABLE "reminder_runs" (
	"jour" date PRIMARY KEY NOT NULL,
	"debut" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone,
	"envoyees" integer DEFAULT 0 NOT NULL,
	"ignorees" integer DEFAULT 0 NOT NULL
);
