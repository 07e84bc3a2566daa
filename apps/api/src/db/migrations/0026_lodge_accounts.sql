-- Online card payments of invoices by lodges (issue 20): one row per attempt, paid once.
CREATE TABLE "invoice_card_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "accounting_orders"("id"),
	"montant" integer NOT NULL,
	"etat" char(1) DEFAULT 'C' NOT NULL,
	"trans_day" date NOT NULL,
	"trans_id" char(6) NOT NULL,
	"trans_date" char(14) NOT NULL,
	"provider_status" text,
	"payment_id" integer REFERENCES "accounting_payments"("id"),
	"created_by_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_card_payments_amount_positive" CHECK ("montant" > 0),
	CONSTRAINT "invoice_card_payments_etat" CHECK ("etat" IN ('C', 'P', 'X', 'A')),
	-- Paid (P) means its payment of the invoice is recorded, and only then.
	CONSTRAINT "invoice_card_payments_paid_recorded" CHECK (("etat" = 'P') = ("payment_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_card_payments_trans_key" ON "invoice_card_payments" ("trans_day", "trans_id");
--> statement-breakpoint
-- One accounting payment per online payment, whatever code writes it.
CREATE UNIQUE INDEX "invoice_card_payments_payment_key" ON "invoice_card_payments" ("payment_id");
--> statement-breakpoint
CREATE INDEX "invoice_card_payments_order_idx" ON "invoice_card_payments" ("order_id");
--> statement-breakpoint
-- A notification is applied once: an attempt leaves « en cours » (C) once and never changes again.
CREATE FUNCTION invoice_card_payment_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.etat <> 'C' THEN
    RAISE EXCEPTION 'invoice_card_payment_final: online payment % is already %', OLD.id, OLD.etat
      USING ERRCODE = 'check_violation', CONSTRAINT = 'invoice_card_payments_final';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_card_payments_final BEFORE UPDATE ON invoice_card_payments
  FOR EACH ROW EXECUTE FUNCTION invoice_card_payment_final();
