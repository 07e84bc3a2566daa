-- User search, sorted cheaply: the French sort keys (no accents, lower case) of nom and prénom are
-- computed once per write into stored columns, instead of twice per matching row and per search (a
-- common word matched a thousand accounts and spent 60 ms in immutable_unaccent while sorting). The
-- name-sorted index follows the list's exact order, so a text that matches most accounts walks it and
-- stops at the page instead of sorting them all. Kept out of the Drizzle schema like search_text.
ALTER TABLE "users" ADD COLUMN "nom_tri" text GENERATED ALWAYS AS (immutable_unaccent(lower("nom"))) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "prenom_tri" text GENERATED ALWAYS AS (immutable_unaccent(lower("prenom"))) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "users_nom_sort_idx";
--> statement-breakpoint
CREATE INDEX "users_nom_tri_idx" ON "users" ("nom_tri", "nom", "prenom_tri", "prenom", "id");
