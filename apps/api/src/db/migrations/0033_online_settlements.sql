-- Online card payments « à régulariser » (A: the money arrived when the invoice no longer owed it) are
-- settled by the treasurer (issue 20): kept as the entity's credit (P, with its accounting payment) or
-- refunded to the card through the provider's back office (R, nothing enters the accounts). Those two
-- moves out of A are the only changes an ended attempt accepts.
ALTER TABLE "invoice_card_payments" DROP CONSTRAINT "invoice_card_payments_etat";--> statement-breakpoint
ALTER TABLE "invoice_card_payments" ADD CONSTRAINT "invoice_card_payments_etat" CHECK ("etat" IN ('C', 'P', 'X', 'A', 'R'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_card_payment_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.etat = 'C' OR (OLD.etat = 'A' AND NEW.etat IN ('P', 'R')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'invoice_card_payment_final: online payment % is already %', OLD.id, OLD.etat
    USING ERRCODE = 'check_violation', CONSTRAINT = 'invoice_card_payments_final';
END $$;
