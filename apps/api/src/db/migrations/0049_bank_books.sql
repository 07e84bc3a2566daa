-- The bank's lines in the books (issue 34): a line given an account of the chart (an expense of the
-- Union, a bank charge) holds the entry it posted and that account; a line is confirmed, set aside or
-- imputed, one of the three at most (`bank_lines_done_once`), and posts one entry (`bank_lines_entry_once`).
-- A card provider's settlement holds the card payments' entries it cleared: each once
-- (`bank_settled_entries_once`), so two settlements never clear the same payment.
ALTER TABLE "bank_lines" ADD COLUMN "entry_id" integer REFERENCES "journal_entries"("id");
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD COLUMN "compte" text;
--> statement-breakpoint
ALTER TABLE "bank_lines" DROP CONSTRAINT "bank_lines_done_once";
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_done_once" CHECK (num_nonnulls("payment_id", "note", "entry_id") <= 1);
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_account_with_entry" CHECK (("entry_id" IS NULL) = ("compte" IS NULL));
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_entry_once" ON "bank_lines" ("entry_id");
--> statement-breakpoint
CREATE TABLE "bank_settled_entries" (
  "bank_line_id" integer NOT NULL REFERENCES "bank_lines"("id"),
  "entry_id" integer NOT NULL REFERENCES "journal_entries"("id"),
  "montant" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_settled_entries_once" ON "bank_settled_entries" ("entry_id");
