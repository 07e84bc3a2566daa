-- Passkeys (WebAuthn, issue 22): several per person, each named, as a second factor and as a sign-in
-- without a password; and the single-use challenges of their ceremonies.
CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	-- The credential's id as the browser gives it (base64url): one credential belongs to one account.
	"credential_id" text NOT NULL,
	-- The COSE public key, base64url.
	"public_key" text NOT NULL,
	-- The authenticator's signature counter: a sign-in is accepted only with a higher one (one UPDATE).
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE ("credential_id"),
	CONSTRAINT "passkeys_name_per_user" UNIQUE ("user_id", "name"),
	CONSTRAINT "passkeys_name_length" CHECK (char_length(btrim("name")) BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	-- SHA-256 of the challenge sent to the browser, which signs it back inside clientDataJSON.
	"challenge_hash" text NOT NULL,
	-- The account the ceremony is for; null for a sign-in without an identifiant.
	"user_id" integer REFERENCES "users"("id"),
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webauthn_challenges_hash_unique" UNIQUE ("challenge_hash"),
	CONSTRAINT "webauthn_challenges_purpose" CHECK ("purpose" IN ('register', 'sign_in', 'second_step'))
);
--> statement-breakpoint
CREATE INDEX "webauthn_challenges_user_idx" ON "webauthn_challenges" USING btree ("user_id");
