-- A second factor for the officers (issue 22): authenticator codes (TOTP), their recovery codes, the
-- pending second step of a sign-in, the Union's rule of who must have one, and where each session was
-- opened (the account page lists them).
CREATE TABLE "totp_factors" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	-- The last RFC 6238 time-step accepted: a code is accepted only for a later step, in one UPDATE.
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "second_factor_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL UNIQUE,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	-- second_step (the account has a factor) or enrol (it must enrol one before it may proceed)
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "second_factor_challenges_user_idx" ON "second_factor_challenges" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "second_factor_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"habilitations" text[] NOT NULL,
	"grace_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "second_factor_settings_single_row" CHECK ("id" = 1),
	CONSTRAINT "second_factor_settings_grace" CHECK ("grace_days" BETWEEN 0 AND 365)
);
--> statement-breakpoint
-- When the account was first told it must have a second factor: the grace period counts from there.
ALTER TABLE "users" ADD COLUMN "second_factor_asked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "ip" text;
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "last_used_at" timestamp with time zone;
