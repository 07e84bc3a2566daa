-- The Union's bank (issue 34): the columns of a bank account's CSV statements (date, label, amount or
-- debit and credit, reference), by their titles in the file's header. Chosen on screen at the account's
-- first CSV import, remembered here (one row per IBAN) so the next imports reuse them.
CREATE TABLE "bank_csv_columns" (
  "iban" text PRIMARY KEY NOT NULL,
  "colonnes" jsonb NOT NULL,
  "updated_by_id" integer NOT NULL REFERENCES "users"("id"),
  "updated_at" timestamp with time zone NOT NULL
);
