CREATE TABLE "accounting_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"libelle" text NOT NULL,
	"quantite" numeric(10, 2) NOT NULL,
	"prix_unitaire" integer NOT NULL,
	"montant" integer NOT NULL,
	"reservation_id" integer
);
--> statement-breakpoint
CREATE TABLE "accounting_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" char(1) NOT NULL,
	"entity_id" integer NOT NULL,
	"annee" integer NOT NULL,
	"tranche" char(1),
	"objet" text NOT NULL,
	"etat" char(2) NOT NULL,
	"total" integer NOT NULL,
	"numero_devis" text,
	"numero_facture" text,
	"numero_avoir" text,
	"date_devis" date,
	"date_facture" date,
	"date_echeance" date,
	"date_avoir" date,
	"motif_annulation" text,
	"niveau_relance" smallint DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_orders_tranche" CHECK (("accounting_orders"."type" = 'A') = ("accounting_orders"."tranche" IS NOT NULL)),
	CONSTRAINT "accounting_orders_issued_numbered" CHECK (("accounting_orders"."etat" IN ('FE', 'FP') OR ("accounting_orders"."etat" = 'FA' AND "accounting_orders"."numero_avoir" IS NOT NULL)) = ("accounting_orders"."numero_facture" IS NOT NULL)),
	CONSTRAINT "accounting_orders_relance" CHECK ("accounting_orders"."niveau_relance" BETWEEN 0 AND 3)
);
--> statement-breakpoint
CREATE TABLE "accounting_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"mode" char(1) NOT NULL,
	"date" date NOT NULL,
	"reference" text,
	"montant" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_payments_positive" CHECK ("accounting_payments"."montant" > 0)
);
--> statement-breakpoint
CREATE TABLE "accounting_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"niveau" smallint NOT NULL,
	"date" date NOT NULL,
	"sent_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_reminders_level" CHECK ("accounting_reminders"."niveau" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"serie" text NOT NULL,
	"annee" integer NOT NULL,
	"dernier" integer NOT NULL,
	CONSTRAINT "document_counters_serie_annee_pk" PRIMARY KEY("serie","annee")
);
--> statement-breakpoint
CREATE TABLE "email_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_id" integer NOT NULL,
	"nom" text NOT NULL,
	"type_mime" text NOT NULL,
	"contenu_base64" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_lines" ADD CONSTRAINT "accounting_lines_order_id_accounting_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."accounting_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_lines" ADD CONSTRAINT "accounting_lines_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_orders" ADD CONSTRAINT "accounting_orders_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_orders" ADD CONSTRAINT "accounting_orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD CONSTRAINT "accounting_payments_order_id_accounting_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."accounting_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_payments" ADD CONSTRAINT "accounting_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reminders" ADD CONSTRAINT "accounting_reminders_order_id_accounting_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."accounting_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reminders" ADD CONSTRAINT "accounting_reminders_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_lines_order_idx" ON "accounting_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "accounting_lines_reservation_idx" ON "accounting_lines" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "accounting_orders_entity_idx" ON "accounting_orders" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "accounting_orders_etat_idx" ON "accounting_orders" USING btree ("etat");--> statement-breakpoint
CREATE INDEX "accounting_orders_created_idx" ON "accounting_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_orders_numero_devis_key" ON "accounting_orders" USING btree ("numero_devis");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_orders_numero_facture_key" ON "accounting_orders" USING btree ("numero_facture");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_orders_numero_avoir_key" ON "accounting_orders" USING btree ("numero_avoir");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_orders_one_call" ON "accounting_orders" USING btree ("entity_id","annee","tranche") WHERE "accounting_orders"."type" = 'A' AND "accounting_orders"."etat" NOT IN ('DA', 'FA', 'DR');--> statement-breakpoint
CREATE INDEX "accounting_payments_order_idx" ON "accounting_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "accounting_reminders_order_idx" ON "accounting_reminders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "email_attachments_email_idx" ON "email_attachments" USING btree ("email_id");--> statement-breakpoint
-- An issued invoice is never altered (French law, DECISIONS §4): the database itself refuses to change its
-- number, date, third party, subject or total, to delete it, or to touch its lines, whatever code writes.
CREATE FUNCTION accounting_order_issued_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.numero_facture IS NOT NULL OR OLD.numero_devis IS NOT NULL THEN
      RAISE EXCEPTION 'numbered accounting document % cannot be deleted', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'accounting_issued_final';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.numero_facture IS NOT NULL AND (NEW.numero_facture IS DISTINCT FROM OLD.numero_facture
      OR NEW.date_facture IS DISTINCT FROM OLD.date_facture OR NEW.total <> OLD.total
      OR NEW.entity_id <> OLD.entity_id OR NEW.objet <> OLD.objet) THEN
    RAISE EXCEPTION 'issued invoice % cannot be altered', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounting_issued_final';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounting_orders_issued_final BEFORE UPDATE OR DELETE ON accounting_orders
  FOR EACH ROW EXECUTE FUNCTION accounting_order_issued_final();
--> statement-breakpoint
CREATE FUNCTION accounting_lines_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM accounting_orders o
             WHERE o.id IN (OLD.order_id, NEW.order_id) AND o.numero_facture IS NOT NULL) THEN
    RAISE EXCEPTION 'lines of an issued invoice cannot be altered'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounting_issued_final';
  END IF;
  RETURN COALESCE(NEW, OLD);
END $$;
--> statement-breakpoint
CREATE TRIGGER accounting_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON accounting_lines
  FOR EACH ROW EXECUTE FUNCTION accounting_lines_frozen();
