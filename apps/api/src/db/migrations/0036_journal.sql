-- The books (issue 31 §2): every movement of money is an entry of a journal, numbered once when it is
-- recorded (gap-free per journal and calendar year of its date, by a counter row locked in the recording
-- transaction), with its validation date; the FEC reads them back, so a number never changes from one
-- export to the next. Entries balance (checked at commit) and are never changed nor deleted: a correction
-- is a reversing entry. The chart of accounts and the first accounting year are settings.
CREATE TABLE "journal_counters" (
	"journal" text NOT NULL,
	"annee" integer NOT NULL,
	"dernier" integer NOT NULL,
	CONSTRAINT "journal_counters_pkey" PRIMARY KEY ("journal", "annee")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal" text NOT NULL,
	"annee" integer NOT NULL,
	"rang" integer NOT NULL,
	"numero" text NOT NULL,
	"date" date NOT NULL,
	"valide_le" date NOT NULL,
	"piece" text NOT NULL,
	"piece_date" date NOT NULL,
	"libelle" text NOT NULL,
	"source" text NOT NULL,
	"contre_passe_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_journal" CHECK ("journal" IN ('VT', 'BQ', 'CA', 'OD')),
	CONSTRAINT "journal_entries_year" CHECK ("annee" = extract(year FROM "date"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_number" ON "journal_entries" USING btree ("journal", "annee", "rang");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_posted_once" ON "journal_entries" USING btree ("source");--> statement-breakpoint
CREATE INDEX "journal_entries_date_idx" ON "journal_entries" USING btree ("date");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_contre_passe_id_fk" FOREIGN KEY ("contre_passe_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reversed_once" ON "journal_entries" USING btree ("contre_passe_id");--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"compte" text NOT NULL,
	"compte_lib" text NOT NULL,
	"aux" text,
	"aux_lib" text,
	"debit" integer DEFAULT 0 NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_lines_one_side" CHECK ("debit" >= 0 AND "credit" >= 0 AND ("debit" > 0) <> ("credit" > 0))
);
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("compte", "aux");--> statement-breakpoint
-- A recorded entry is never changed nor deleted, whatever code writes (TRUNCATE, used by the restore, is
-- not a row change).
CREATE FUNCTION journal_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'journal_frozen: a recorded entry is corrected by a reversing entry'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_frozen';
END $$;
--> statement-breakpoint
-- Each entry balances, checked when the recording transaction commits (its lines arrive one by one).
CREATE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gap integer;
BEGIN
  SELECT coalesce(sum("debit" - "credit"), 0) INTO gap FROM "journal_lines" WHERE "entry_id" = NEW."entry_id";
  IF gap <> 0 THEN
    RAISE EXCEPTION 'journal_balanced: entry % is off by % cents', NEW."entry_id", gap
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_balanced';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balanced" AFTER INSERT ON "journal_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "premier_exercice" integer DEFAULT 2020 NOT NULL;--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "plan_comptable" jsonb;--> statement-breakpoint
ALTER TABLE "union_settings" ADD CONSTRAINT "union_settings_first_year" CHECK ("premier_exercice" BETWEEN 1990 AND 2100);--> statement-breakpoint
-- The entries of what was recorded before: invoices, credit notes and payments, in date order (invoices,
-- then credit notes, then payments on one day), numbered per journal and year, validated on the day each
-- was recorded, with the default chart of accounts (docs/decisions/accounting.md).
CREATE TEMPORARY TABLE "journal_backfill" AS
WITH events AS (
  SELECT 'invoice:' || o."id" AS source, 'VT' AS journal, o."date_facture" AS date, 0 AS kind, o."id" AS id,
    o."numero_facture" AS piece, 'Facture ' || o."numero_facture" || ' – ' || o."objet" AS libelle,
    o."created_at" AS recorded, o."entity_id", o."total" AS owed, '706' AS other, 'Prestations de services' AS other_lib
  FROM "accounting_orders" o WHERE o."numero_facture" IS NOT NULL AND o."total" <> 0
  UNION ALL
  SELECT 'credit_note:' || n."id", 'VT', n."date", 1, n."id", n."numero",
    'Avoir ' || n."numero" || ' sur la facture ' || o."numero_facture", n."created_at", n."entity_id", -n."montant",
    '706', 'Prestations de services'
  FROM "accounting_credit_notes" n JOIN "accounting_orders" o ON o."id" = n."order_id"
  UNION ALL
  SELECT 'payment:' || p."id", 'BQ', p."date", 2, p."id", coalesce(nullif(p."reference", ''), 'PAI-' || p."id"),
    CASE
      WHEN p."nature" = 'C' THEN trim('Contre-passation du paiement ' || coalesce(p."reference", ''))
      WHEN p."nature" = 'R' THEN 'Remboursement (' || CASE p."mode" WHEN 'C' THEN 'Chèque' WHEN 'V' THEN 'Virement' ELSE 'CB en ligne' END || ') du crédit'
      WHEN o."numero_facture" IS NOT NULL THEN 'Paiement (' || CASE p."mode" WHEN 'C' THEN 'Chèque' WHEN 'V' THEN 'Virement' ELSE 'CB en ligne' END || ') de la facture ' || o."numero_facture"
      ELSE 'Paiement (' || CASE p."mode" WHEN 'C' THEN 'Chèque' WHEN 'V' THEN 'Virement' ELSE 'CB en ligne' END || ') porté au crédit'
    END,
    p."created_at", p."entity_id", CASE WHEN p."nature" = 'E' THEN -p."montant" ELSE p."montant" END,
    CASE WHEN p."mode" = 'C' AND p."nature" <> 'R' THEN '5112' ELSE '512' END,
    CASE WHEN p."mode" = 'C' AND p."nature" <> 'R' THEN 'Chèques à encaisser' ELSE 'Banque' END
  FROM "accounting_payments" p LEFT JOIN "accounting_orders" o ON o."id" = p."order_id"
)
SELECT e.*, extract(year FROM e.date)::integer AS annee,
  row_number() OVER (PARTITION BY e.journal, extract(year FROM e.date) ORDER BY e.date, e.kind, e.id)::integer AS rang,
  x."code", x."nom"
FROM events e JOIN "entities" x ON x."id" = e."entity_id";
--> statement-breakpoint
INSERT INTO "journal_entries" ("journal", "annee", "rang", "numero", "date", "valide_le", "piece", "piece_date", "libelle", "source", "created_at")
SELECT journal, annee, rang, journal || annee || '-' || lpad(rang::text, 6, '0'), date,
  greatest(date, (recorded AT TIME ZONE 'Europe/Paris')::date), piece, date, libelle, source, recorded
FROM "journal_backfill" ORDER BY date, kind, id;
--> statement-breakpoint
-- `owed` is what the entity owes by the event (411's debit when positive), `other` the counterpart.
INSERT INTO "journal_lines" ("entry_id", "compte", "compte_lib", "aux", "aux_lib", "debit", "credit")
SELECT j."id", l.compte, l.compte_lib, l.aux, l.aux_lib, greatest(l.amount, 0), greatest(-l.amount, 0)
FROM "journal_backfill" b JOIN "journal_entries" j ON j."source" = b.source
CROSS JOIN LATERAL (VALUES
  (0, '411', 'Clients – loges et associations', '411' || b."code", b."nom", b.owed),
  (1, b.other, b.other_lib, NULL, NULL, -b.owed)
) AS l(position, compte, compte_lib, aux, aux_lib, amount)
ORDER BY j."id", CASE WHEN b.kind = 0 THEN l.position ELSE 1 - l.position END;
--> statement-breakpoint
INSERT INTO "journal_counters" ("journal", "annee", "dernier")
SELECT journal, annee, max(rang) FROM "journal_backfill" GROUP BY journal, annee;
--> statement-breakpoint
DROP TABLE "journal_backfill";
--> statement-breakpoint
-- A counter-entry of a payment names the entry it reverses (before the entries are frozen below).
UPDATE "journal_entries" r SET "contre_passe_id" = e."id"
FROM "accounting_payments" p, "journal_entries" e
WHERE r."source" = 'payment:' || p."id" AND p."contre_passe_id" IS NOT NULL AND e."source" = 'payment:' || p."contre_passe_id";
--> statement-breakpoint
CREATE TRIGGER "journal_entries_frozen" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION journal_frozen();--> statement-breakpoint
CREATE TRIGGER "journal_lines_frozen" BEFORE UPDATE OR DELETE ON "journal_lines" FOR EACH ROW EXECUTE FUNCTION journal_frozen();
--> statement-breakpoint
-- Cheque deposits (bordereaux de remise): the cheques waiting in 5112 that the treasurer brings to the
-- bank, each deposited once (a unique index on its entry), and the entry that clears them into 512.
CREATE TABLE "cheque_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"du" date NOT NULL,
	"au" date NOT NULL,
	"total" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cheque_deposits_total_positive" CHECK ("total" > 0)
);
--> statement-breakpoint
ALTER TABLE "cheque_deposits" ADD CONSTRAINT "cheque_deposits_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "cheque_deposit_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"deposit_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"montant" integer NOT NULL,
	CONSTRAINT "cheque_deposit_items_positive" CHECK ("montant" > 0)
);
--> statement-breakpoint
ALTER TABLE "cheque_deposit_items" ADD CONSTRAINT "cheque_deposit_items_deposit_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."cheque_deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheque_deposit_items" ADD CONSTRAINT "cheque_deposit_items_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cheque_deposit_items_once" ON "cheque_deposit_items" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "cheque_deposit_items_deposit_idx" ON "cheque_deposit_items" USING btree ("deposit_id");
