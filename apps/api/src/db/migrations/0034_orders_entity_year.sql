-- The order search's « one lodge, one year » (and the fee calls' per lodge and year) read the lodge's
-- orders of that year: with the entity alone indexed, PostgreSQL read all of the lodge's orders of every
-- year (500 over 20 years at 20,000 orders) to keep one year's 25 (issue 18, bench/lists.bench.ts).
-- The pair serves the entity alone too (its first column: foreign key checks, the lodge's account), so it
-- replaces the single-column index.
CREATE INDEX "accounting_orders_entity_year_idx" ON "accounting_orders" USING btree ("entity_id", "annee");--> statement-breakpoint
DROP INDEX "accounting_orders_entity_idx";
