-- The order search's date criteria (du, au) compare the invoice's date once issued, otherwise the quote's,
-- otherwise the day it was created (modules/compta/repository.ts): an index on that very expression
-- serves them over tens of thousands of orders (bench/compta.bench.ts). AT TIME ZONE with a constant
-- zone is immutable, so the expression can be indexed.
CREATE INDEX "accounting_orders_day_idx" ON "accounting_orders" USING btree (
  (coalesce("date_facture", "date_devis", ("created_at" AT TIME ZONE 'Europe/Paris')::date))
);
