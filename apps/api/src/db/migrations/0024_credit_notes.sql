-- Corrections that a real year needs (issue 20): partial credit notes, payments that settle several invoices
-- of one entity, counter-entries of wrong payments and refunds of a credit. Nothing is ever deleted: every
-- movement is a row, and the sums the rules need are kept on the rows they limit, so that a CHECK refuses
-- a write that would break them, whatever races (the UPDATE that moves a sum takes the row's lock).
--
-- accounting_orders.credite: what the credit notes of an invoice credit (never more than its total);
-- accounting_orders.regle: what allocations settle of it (payments and credit notes; never more than its total).
ALTER TABLE "accounting_orders" ADD COLUMN "credite" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_orders" ADD COLUMN "regle" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_orders" ADD CONSTRAINT "accounting_orders_creditable" CHECK ("credite" >= 0 AND "credite" <= greatest("total", 0));--> statement-breakpoint
ALTER TABLE "accounting_orders" ADD CONSTRAINT "accounting_orders_settled_within" CHECK ("regle" >= 0 AND "regle" <= greatest("total", 0));--> statement-breakpoint
-- A payment is a movement of the entity's account: E received (encaissement), C counter-entry of a wrong
-- one (contre-passation, same amount, the original kept), R refund of a credit paid back to the entity.
-- `affecte`: what of a received payment is allocated (to invoices or refunds); never more than its amount.
ALTER TABLE "accounting_payments" ADD COLUMN "entity_id" integer;--> statement-breakpoint
UPDATE "accounting_payments" p SET "entity_id" = o."entity_id" FROM "accounting_orders" o WHERE o."id" = p."order_id";--> statement-breakpoint
ALTER TABLE "accounting_payments" ALTER COLUMN "entity_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD COLUMN "nature" char(1) DEFAULT 'E' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD COLUMN "contre_passe_id" integer;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD COLUMN "motif" text;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD COLUMN "affecte" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD CONSTRAINT "accounting_payments_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD CONSTRAINT "accounting_payments_contre_passe_id_fk" FOREIGN KEY ("contre_passe_id") REFERENCES "public"."accounting_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD CONSTRAINT "accounting_payments_nature" CHECK ("nature" IN ('E', 'C', 'R'));--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD CONSTRAINT "accounting_payments_counter_entry" CHECK (("nature" = 'C') = ("contre_passe_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD CONSTRAINT "accounting_payments_allocated_within" CHECK ("affecte" >= 0 AND "affecte" <= "montant");--> statement-breakpoint
-- A payment is reversed once.
CREATE UNIQUE INDEX "accounting_payments_reversed_once" ON "accounting_payments" USING btree ("contre_passe_id");--> statement-breakpoint
CREATE INDEX "accounting_payments_entity_idx" ON "accounting_payments" USING btree ("entity_id");--> statement-breakpoint
-- A credit note (avoir) of an issued invoice: its own gap-free number (AV series), its lines (the invoice's
-- lines it credits, or one line of an amount) and its amount; `affecte`: what of it settles invoices or
-- is refunded (the rest is a credit on the entity's account).
CREATE TABLE "accounting_credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"numero" text NOT NULL,
	"date" date NOT NULL,
	"montant" integer NOT NULL,
	"motif" text,
	"lignes" jsonb NOT NULL,
	"affecte" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_credit_notes_positive" CHECK ("montant" > 0),
	CONSTRAINT "accounting_credit_notes_allocated_within" CHECK ("affecte" >= 0 AND "affecte" <= "montant")
);
--> statement-breakpoint
ALTER TABLE "accounting_credit_notes" ADD CONSTRAINT "accounting_credit_notes_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."accounting_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_credit_notes" ADD CONSTRAINT "accounting_credit_notes_entity_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_credit_notes" ADD CONSTRAINT "accounting_credit_notes_created_by_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_credit_notes_numero_key" ON "accounting_credit_notes" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "accounting_credit_notes_order_idx" ON "accounting_credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "accounting_credit_notes_entity_idx" ON "accounting_credit_notes" USING btree ("entity_id");--> statement-breakpoint
-- An allocation moves money from a source (a received payment or a credit note) to a target (an invoice it
-- settles, or a refund paid back). A counter-entry undoes a payment's allocations by negative ones.
CREATE TABLE "accounting_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer,
	"credit_note_id" integer,
	"order_id" integer,
	"refund_id" integer,
	"montant" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_allocations_one_source" CHECK (("payment_id" IS NULL) <> ("credit_note_id" IS NULL)),
	CONSTRAINT "accounting_allocations_one_target" CHECK (("order_id" IS NULL) <> ("refund_id" IS NULL)),
	CONSTRAINT "accounting_allocations_not_zero" CHECK ("montant" <> 0)
);
--> statement-breakpoint
ALTER TABLE "accounting_allocations" ADD CONSTRAINT "accounting_allocations_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."accounting_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_allocations" ADD CONSTRAINT "accounting_allocations_credit_note_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."accounting_credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_allocations" ADD CONSTRAINT "accounting_allocations_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."accounting_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_allocations" ADD CONSTRAINT "accounting_allocations_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."accounting_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_allocations_order_idx" ON "accounting_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "accounting_allocations_payment_idx" ON "accounting_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "accounting_allocations_credit_note_idx" ON "accounting_allocations" USING btree ("credit_note_id");--> statement-breakpoint
-- The sums follow the rows, whatever code writes: an allocation moves its target's `regle` and its source's
-- `affecte`, a credit note its invoice's `credite`; the CHECKs above refuse what would exceed. Movements
-- are never altered nor deleted (the history keeps both a payment and its counter-entry).
CREATE FUNCTION accounting_allocation_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_id IS NOT NULL THEN
    UPDATE accounting_orders SET regle = regle + NEW.montant WHERE id = NEW.order_id;
  END IF;
  IF NEW.payment_id IS NOT NULL THEN
    UPDATE accounting_payments SET affecte = affecte + NEW.montant WHERE id = NEW.payment_id;
  ELSE
    UPDATE accounting_credit_notes SET affecte = affecte + NEW.montant WHERE id = NEW.credit_note_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounting_allocations_sums AFTER INSERT ON accounting_allocations
  FOR EACH ROW EXECUTE FUNCTION accounting_allocation_sums();
--> statement-breakpoint
CREATE FUNCTION accounting_credit_note_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounting_orders SET credite = credite + NEW.montant WHERE id = NEW.order_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounting_credit_notes_sums AFTER INSERT ON accounting_credit_notes
  FOR EACH ROW EXECUTE FUNCTION accounting_credit_note_sums();
--> statement-breakpoint
CREATE FUNCTION accounting_movement_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'accounting movement % cannot be deleted', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounting_movement_final';
  END IF;
  IF TG_TABLE_NAME = 'accounting_allocations' OR (to_jsonb(NEW) - 'affecte') <> (to_jsonb(OLD) - 'affecte') THEN
    RAISE EXCEPTION 'accounting movement % cannot be altered', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounting_movement_final';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounting_credit_notes_final BEFORE UPDATE OR DELETE ON accounting_credit_notes
  FOR EACH ROW EXECUTE FUNCTION accounting_movement_final();
--> statement-breakpoint
CREATE TRIGGER accounting_allocations_final BEFORE UPDATE OR DELETE ON accounting_allocations
  FOR EACH ROW EXECUTE FUNCTION accounting_movement_final();
--> statement-breakpoint
CREATE TRIGGER accounting_payments_final BEFORE UPDATE OR DELETE ON accounting_payments
  FOR EACH ROW EXECUTE FUNCTION accounting_movement_final();
--> statement-breakpoint
-- What was there: each payment settled its own invoice; each cancelled invoice had one credit note of its
-- whole total (the order's number AV-…), which settles what its payments had not.
INSERT INTO "accounting_allocations" ("payment_id", "order_id", "montant", "created_at")
  SELECT "id", "order_id", "montant", "created_at" FROM "accounting_payments" WHERE "order_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "accounting_credit_notes" ("order_id", "entity_id", "numero", "date", "montant", "motif", "lignes", "created_by_id", "created_at")
  SELECT o."id", o."entity_id", o."numero_avoir", o."date_avoir", o."total", o."motif_annulation",
    coalesce((SELECT jsonb_agg(jsonb_build_object('position', l."position", 'libelle', l."libelle", 'quantite', l."quantite"::float8,
      'prixUnitaire', l."prix_unitaire", 'montant', l."montant") ORDER BY l."position") FROM "accounting_lines" l WHERE l."order_id" = o."id"), '[]'::jsonb),
    o."created_by_id", o."updated_at"
  FROM "accounting_orders" o WHERE o."numero_avoir" IS NOT NULL AND o."total" > 0;--> statement-breakpoint
INSERT INTO "accounting_allocations" ("credit_note_id", "order_id", "montant", "created_at")
  SELECT c."id", c."order_id", c."montant" - o."regle", c."created_at"
  FROM "accounting_credit_notes" c JOIN "accounting_orders" o ON o."id" = c."order_id" WHERE c."montant" > o."regle";
