-- The bank reconciled (issue 34 §3): a Union bank account's period validated at a date (its statement
-- balance against its 512 account's book balance), written once and only ever moved forward. From then the
-- lines of the account dated on or before that date are final (no confirmation, setting aside or new
-- line), and no entry of the books on that account may be dated on or before it. The triggers take the
-- shared side of one advisory lock (712034050) before they look; the validation takes its exclusive side,
-- so a change and a validation racing each other run one after the other.
CREATE TABLE "bank_reconciliations" (
  "id" serial PRIMARY KEY NOT NULL,
  "iban" text NOT NULL,
  "compte" text NOT NULL,
  "date" date NOT NULL,
  "solde_releve" integer NOT NULL,
  "solde_comptable" integer NOT NULL,
  "validated_by_id" integer NOT NULL REFERENCES "users"("id"),
  "validated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reconciliations_once" ON "bank_reconciliations" ("iban", "date");
--> statement-breakpoint
CREATE INDEX "bank_reconciliations_account_idx" ON "bank_reconciliations" ("compte", "date");
--> statement-breakpoint
CREATE FUNCTION bank_reconciliation_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'bank reconciliation % cannot be altered', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bank_reconciliations_final';
  END IF;
  IF EXISTS (SELECT 1 FROM bank_reconciliations r WHERE r.iban = NEW.iban AND r.date >= NEW.date) THEN
    RAISE EXCEPTION 'bank reconciliation of % only moves forward', NEW.iban
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bank_reconciliations_forward';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_reconciliations_forward BEFORE INSERT OR UPDATE OR DELETE ON bank_reconciliations
  FOR EACH ROW EXECUTE FUNCTION bank_reconciliation_forward();
--> statement-breakpoint
-- A line of a reconciled period keeps what it is: its payment, its note, its day and amount.
CREATE FUNCTION bank_line_reconciled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(712034050);
  IF EXISTS (SELECT 1 FROM bank_reconciliations r
             WHERE (r.iban = OLD.iban AND r.date >= OLD.date_comptable)
                OR (TG_OP = 'UPDATE' AND r.iban = NEW.iban AND r.date >= NEW.date_comptable)) THEN
    RAISE EXCEPTION 'bank line % is in a reconciled period', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bank_lines_reconciled';
  END IF;
  RETURN COALESCE(NEW, OLD);
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_lines_reconciled BEFORE UPDATE OR DELETE ON bank_lines
  FOR EACH ROW EXECUTE FUNCTION bank_line_reconciled();
--> statement-breakpoint
-- After the insert, so the lines an overlapping statement brings again (ON CONFLICT DO NOTHING) pass.
CREATE FUNCTION bank_line_added_reconciled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(712034050);
  IF EXISTS (SELECT 1 FROM added a JOIN bank_reconciliations r
             ON r.iban = a.iban AND r.date >= a.date_comptable) THEN
    RAISE EXCEPTION 'a new bank line falls in a reconciled period'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bank_lines_reconciled';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_lines_added_reconciled AFTER INSERT ON bank_lines
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION bank_line_added_reconciled();
--> statement-breakpoint
-- The books' side: no entry on a reconciled account dated on or before its reconciliation.
CREATE FUNCTION journal_line_reconciled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM added WHERE compte LIKE '512%') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(712034050);
  IF EXISTS (SELECT 1 FROM added a
             JOIN journal_entries e ON e.id = a.entry_id
             JOIN bank_reconciliations r ON r.compte = a.compte AND r.date >= e.date) THEN
    RAISE EXCEPTION 'an entry falls in a reconciled period of its bank account'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_reconciled';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_reconciled AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION journal_line_reconciled();
