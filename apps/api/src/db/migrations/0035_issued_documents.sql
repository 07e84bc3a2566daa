-- An issued document is a fixed record (issue 31, French invoicing law: corrections go through credit
-- notes): the PDF of an invoice, a credit note or a quote once out of draft, with its Factur-X, is
-- rendered once and kept here; every later download, e-mail and reminder attachment serves these bytes.
-- In the database, so every backup carries them. `document_id` is the order's id (devis, facture, and
-- annulation: the AV number of an invoice in the lodge's favour) or the credit note's (avoir). Documents
-- issued before this migration are rendered at their first reading, with only what was known at issue.
CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"document_id" integer NOT NULL,
	"sha256" text GENERATED ALWAYS AS (encode(sha256("pdf"), 'hex')) STORED NOT NULL,
	"pdf" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_documents_kind" CHECK ("kind" IN ('devis', 'facture', 'avoir', 'annulation'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_key" ON "issued_documents" ("kind", "document_id");
--> statement-breakpoint
-- Written once, never changed nor removed, whatever code runs.
CREATE FUNCTION issued_document_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued document % % cannot be altered', OLD.kind, OLD.document_id
    USING ERRCODE = 'check_violation', CONSTRAINT = 'issued_documents_final';
END $$;
--> statement-breakpoint
CREATE TRIGGER issued_documents_final BEFORE UPDATE OR DELETE ON issued_documents
  FOR EACH ROW EXECUTE FUNCTION issued_document_final();
