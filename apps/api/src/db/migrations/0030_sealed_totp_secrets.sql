-- The authenticators' secrets encrypted at rest (ASVS V6): `secret_sealed` holds them encrypted with the
-- server's key (AES-256-GCM, lib/secret-box.ts). SQL cannot encrypt without the key, so the secrets
-- written in clear before this migration stay in `secret` until the server, at its start, seals them
-- (one UPDATE per row that fills one column and empties the other: none is lost). A row holds exactly one.
ALTER TABLE "totp_factors" ALTER COLUMN "secret" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "secret_sealed" text;
--> statement-breakpoint
ALTER TABLE "totp_factors" ADD CONSTRAINT "totp_factors_one_secret" CHECK (num_nonnulls("secret", "secret_sealed") = 1);
