-- A SEPA batch credited net of debits the bank rejected before settlement (issue 34 §4): such a debit
-- keeps its reason (MS03 when the bank does not say) and day, leaves the live batches, and has no payment,
-- since nothing was collected for it. A debit returned after its collection still has its payment.
ALTER TABLE "sepa_batch_lines" DROP CONSTRAINT "sepa_batch_lines_returned";
--> statement-breakpoint
ALTER TABLE "sepa_batch_lines" ADD CONSTRAINT "sepa_batch_lines_returned" CHECK (("motif_retour" IS NULL) = ("retour_le" IS NULL) AND ("motif_retour" IS NULL OR NOT "actif"));
