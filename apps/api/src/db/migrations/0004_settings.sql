CREATE TABLE "membership_fees" (
	"entity_type" text PRIMARY KEY NOT NULL,
	"montant_annuel" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_fees_not_negative" CHECK ("membership_fees"."montant_annuel" >= 0)
);
--> statement-breakpoint
CREATE TABLE "union_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"raison_sociale" text NOT NULL,
	"adresse" text NOT NULL,
	"siret" text,
	"rna" text,
	"email" text NOT NULL,
	"telephone" text,
	"mention_tva" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "union_settings_single_row" CHECK ("union_settings"."id" = 1)
);
