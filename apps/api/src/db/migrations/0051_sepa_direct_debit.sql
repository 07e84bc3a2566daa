-- SEPA direct debit of the dues (issue 34 §4): the Union's creditor identifier (ICS) in its settings, a
-- mandate per lodge (its RUM unique, one live at a time per entity), and the batches of debits with
-- their lines. An invoice is in at most one live batch (`sepa_lines_one_live`): two batches prepared at
-- once cannot both collect it.
ALTER TABLE "union_settings" ADD COLUMN "ics" text;
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
  "id" serial PRIMARY KEY NOT NULL,
  "entity_id" integer NOT NULL REFERENCES "entities"("id"),
  "rum" text NOT NULL,
  "date_signature" date NOT NULL,
  "debiteur" text NOT NULL,
  "iban" text NOT NULL,
  "bic" text,
  "sequence" char(4) DEFAULT 'FRST' NOT NULL,
  "file_id" integer REFERENCES "document_files"("id"),
  "revoque_le" date,
  "motif_revocation" text,
  "created_by_id" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "sepa_mandates_sequence" CHECK ("sequence" IN ('FRST', 'RCUR')),
  CONSTRAINT "sepa_mandates_revocation" CHECK (("revoque_le" IS NULL) = ("motif_revocation" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_rum" ON "sepa_mandates" ("rum");
--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_one_live" ON "sepa_mandates" ("entity_id") WHERE "revoque_le" IS NULL;
--> statement-breakpoint
CREATE TABLE "sepa_batches" (
  "id" serial PRIMARY KEY NOT NULL,
  "message_id" text NOT NULL,
  "date_prelevement" date NOT NULL,
  "etat" char(1) DEFAULT 'P' NOT NULL,
  "ics" text NOT NULL,
  "creancier" text NOT NULL,
  "iban" text NOT NULL,
  "bic" text,
  "created_by_id" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone NOT NULL,
  "transmis_le" timestamp with time zone,
  CONSTRAINT "sepa_batches_etat" CHECK ("etat" IN ('P', 'T', 'A'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_batches_message" ON "sepa_batches" ("message_id");
--> statement-breakpoint
CREATE TABLE "sepa_batch_lines" (
  "id" serial PRIMARY KEY NOT NULL,
  "batch_id" integer NOT NULL REFERENCES "sepa_batches"("id"),
  "order_id" integer NOT NULL REFERENCES "accounting_orders"("id"),
  "mandate_id" integer NOT NULL REFERENCES "sepa_mandates"("id"),
  "entity_id" integer NOT NULL REFERENCES "entities"("id"),
  "montant" integer NOT NULL,
  "sequence" char(4) NOT NULL,
  "actif" boolean DEFAULT true NOT NULL,
  CONSTRAINT "sepa_batch_lines_positive" CHECK ("montant" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_lines_one_live" ON "sepa_batch_lines" ("order_id") WHERE "actif";
--> statement-breakpoint
CREATE INDEX "sepa_batch_lines_batch_idx" ON "sepa_batch_lines" ("batch_id");
--> statement-breakpoint
CREATE INDEX "sepa_batch_lines_entity_idx" ON "sepa_batch_lines" ("entity_id");
