-- Extensions Drizzle cannot declare: range exclusion on reservations (btree_gist), fuzzy search on
-- names (pg_trgm) and accent-insensitive search (unaccent). PGlite loads them as contribs.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
