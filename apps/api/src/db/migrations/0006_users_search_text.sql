-- User search, faster: the normalised text (no accents, lower case) is computed once per write into a
-- stored column, instead of once per row and per search. The trigram index moves onto that column, and
-- filtering rows while walking the name-sorted index becomes a plain LIKE.
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  immutable_unaccent(lower("nom" || ' ' || "prenom" || ' ' || "identifiant" || ' ' || "email"))
) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm";
--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);
