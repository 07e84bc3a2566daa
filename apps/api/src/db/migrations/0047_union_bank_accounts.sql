-- The Union's bank accounts (issue 34): a list in the settings, each with its name, IBAN, BIC and the
-- 512x account of the books that holds its money. The statements imported name one of them by its IBAN.
ALTER TABLE "union_settings" ADD COLUMN "comptes_bancaires" jsonb DEFAULT '[]'::jsonb NOT NULL;
