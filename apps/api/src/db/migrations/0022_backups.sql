CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"origine" text NOT NULL,
	"debut" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"reussie" boolean NOT NULL,
	"fichier" text,
	"taille" bigint,
	"chiffree" boolean NOT NULL,
	"erreur" text
);
--> statement-breakpoint
CREATE INDEX "backups_fin_idx" ON "backups" USING btree ("fin");