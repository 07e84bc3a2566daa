-- User search (issue 3): accent- and case-insensitive text over nom, prénom, identifiant and e-mail,
-- served by a trigram index so that it stays fast on 100,000 users.
-- unaccent() is only STABLE (it reads a dictionary), so an index cannot use it: this wrapper names the
-- dictionary explicitly, which makes the result fixed and lets us declare it IMMUTABLE.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (
  immutable_unaccent(lower("nom" || ' ' || "prenom" || ' ' || "identifiant" || ' ' || "email")) gin_trgm_ops
);
--> statement-breakpoint
-- Sorting the list by name, the default order of the administration screen.
CREATE INDEX "users_nom_sort_idx" ON "users" (lower("nom"), lower("prenom"), "id");
--> statement-breakpoint
CREATE INDEX "users_habilitations_idx" ON "users" USING gin ("habilitations");
--> statement-breakpoint
-- A membership never ends before it starts.
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_dates_ordered" CHECK ("fin" IS NULL OR "debut" IS NULL OR "fin" >= "debut");
