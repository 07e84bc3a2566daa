-- Anonymous passkey challenges (a sign-in without an identifiant, issue 31 §6) are bounded: 50 live per
-- address, 1,000 live in all. Each row says the address that asked for it; the two partial indexes serve
-- the two counts of live anonymous challenges (unused, not yet expired), which the service reads under a
-- transaction-scoped advisory lock before it writes one more.
ALTER TABLE "webauthn_challenges" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_anonymous_live_idx" ON "webauthn_challenges" USING btree ("expires_at") WHERE "user_id" IS NULL AND "used_at" IS NULL;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_anonymous_address_idx" ON "webauthn_challenges" USING btree ("address", "expires_at") WHERE "user_id" IS NULL AND "used_at" IS NULL;
