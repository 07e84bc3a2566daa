CREATE TABLE "till_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"caisse" char(1) NOT NULL,
	"fond_initial" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"attendu" integer,
	"compte" integer,
	"motif" text,
	CONSTRAINT "till_sessions_float_positive" CHECK ("till_sessions"."fond_initial" >= 0),
	CONSTRAINT "till_sessions_closed_whole" CHECK (("till_sessions"."closed_at" IS NULL) = ("till_sessions"."compte" IS NULL) AND ("till_sessions"."closed_at" IS NULL) = ("till_sessions"."attendu" IS NULL) AND ("till_sessions"."closed_at" IS NULL) = ("till_sessions"."closed_by" IS NULL)),
	CONSTRAINT "till_sessions_difference_explained" CHECK ("till_sessions"."compte" IS NULL OR "till_sessions"."compte" = "till_sessions"."attendu" OR "till_sessions"."motif" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "till_sessions_one_open" ON "till_sessions" USING btree ("caisse") WHERE "till_sessions"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "till_sessions_opened_idx" ON "till_sessions" USING btree ("opened_at");--> statement-breakpoint
ALTER TABLE "card_movements" ADD COLUMN "till_session_id" integer;--> statement-breakpoint
ALTER TABLE "card_movements" ADD COLUMN "moyen" char(1);--> statement-breakpoint
ALTER TABLE "card_movements" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "card_movements" ADD CONSTRAINT "card_movements_till_session_id_till_sessions_id_fk" FOREIGN KEY ("till_session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_movements_till_session_idx" ON "card_movements" USING btree ("till_session_id");--> statement-breakpoint
CREATE INDEX "card_movements_created_idx" ON "card_movements" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "card_movements" ADD CONSTRAINT "card_movements_desk_in_session" CHECK (("card_movements"."type" IN ('G', 'V')) = ("card_movements"."till_session_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "card_movements" ADD CONSTRAINT "card_movements_desk_credit_means" CHECK (("card_movements"."type" = 'G') = ("card_movements"."moyen" IS NOT NULL));
