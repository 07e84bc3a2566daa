-- The Union's bank (issue 34): the statements imported from the bank (CAMT.053) and their lines. A line
-- is stored once per account, by the bank's reference of the entry or else a hash of its day, amount and
-- text (`bank_lines_once`), so importing a statement again, or an overlapping one, adds nothing twice. A
-- line records at most one payment and is either confirmed or left aside with a note, never both.
CREATE TABLE "bank_statements" (
  "id" serial PRIMARY KEY NOT NULL,
  "iban" text NOT NULL,
  "identifiant" text NOT NULL,
  "du" date,
  "au" date,
  "solde_ouverture" integer,
  "solde_cloture" integer,
  "fichier" text NOT NULL,
  "imported_by_id" integer NOT NULL REFERENCES "users"("id"),
  "imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_once" ON "bank_statements" ("iban", "identifiant");
--> statement-breakpoint
CREATE TABLE "bank_lines" (
  "id" serial PRIMARY KEY NOT NULL,
  "statement_id" integer NOT NULL REFERENCES "bank_statements"("id"),
  "iban" text NOT NULL,
  "cle" text NOT NULL,
  "date_comptable" date NOT NULL,
  "date_valeur" date,
  "montant" integer NOT NULL,
  "reference" text,
  "contrepartie" text,
  "iban_contrepartie" text,
  "libelle" text NOT NULL,
  "payment_id" integer REFERENCES "accounting_payments"("id"),
  "note" text,
  "done_by_id" integer REFERENCES "users"("id"),
  "done_at" timestamp with time zone,
  CONSTRAINT "bank_lines_done_once" CHECK ("payment_id" IS NULL OR "note" IS NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_once" ON "bank_lines" ("iban", "cle");
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_payment_once" ON "bank_lines" ("payment_id");
--> statement-breakpoint
CREATE INDEX "bank_lines_day_idx" ON "bank_lines" ("iban", "date_comptable");
