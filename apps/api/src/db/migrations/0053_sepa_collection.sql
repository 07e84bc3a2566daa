-- SEPA direct debit collected and returned (issue 34 §4). A batch sent to the bank is collected (E) when
-- the statement's credit line of its total is confirmed: one payment per debit (`sepa_batch_lines.
-- payment_id`, unique), the line holding the batch (`bank_lines.sepa_batch_id`, unique: a batch collected
-- once). A return (R-transaction) is a debit line with its reason code and the original end-to-end id;
-- confirmed, it reverses one debit's payment (`bank_lines.sepa_line_id`, unique: a debit returned once),
-- which keeps its reason and day and leaves the live batches (the invoice may be debited again).
ALTER TABLE "sepa_batches" DROP CONSTRAINT "sepa_batches_etat";
--> statement-breakpoint
ALTER TABLE "sepa_batches" ADD CONSTRAINT "sepa_batches_etat" CHECK ("etat" IN ('P', 'T', 'A', 'E'));
--> statement-breakpoint
ALTER TABLE "sepa_batch_lines" ADD COLUMN "payment_id" integer REFERENCES "accounting_payments"("id");
--> statement-breakpoint
ALTER TABLE "sepa_batch_lines" ADD COLUMN "motif_retour" text;
--> statement-breakpoint
ALTER TABLE "sepa_batch_lines" ADD COLUMN "retour_le" date;
--> statement-breakpoint
ALTER TABLE "sepa_batch_lines" ADD CONSTRAINT "sepa_batch_lines_returned" CHECK (("motif_retour" IS NULL) = ("retour_le" IS NULL) AND ("motif_retour" IS NULL OR ("payment_id" IS NOT NULL AND NOT "actif")));
--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_batch_lines_payment_once" ON "sepa_batch_lines" ("payment_id");
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD COLUMN "motif_retour" text;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD COLUMN "end_to_end_id" text;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD COLUMN "sepa_batch_id" integer REFERENCES "sepa_batches"("id");
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD COLUMN "sepa_line_id" integer REFERENCES "sepa_batch_lines"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_sepa_batch_once" ON "bank_lines" ("sepa_batch_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_sepa_line_once" ON "bank_lines" ("sepa_line_id");
--> statement-breakpoint
ALTER TABLE "bank_lines" DROP CONSTRAINT "bank_lines_done_once";
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_done_once" CHECK (num_nonnulls("payment_id", "note", "entry_id", "sepa_batch_id", "sepa_line_id") <= 1);
