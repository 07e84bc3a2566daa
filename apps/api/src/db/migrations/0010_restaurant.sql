CREATE TABLE "card_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"type" char(1) NOT NULL,
	"montant" integer NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"author_id" integer,
	"libelle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_movements_not_zero" CHECK ("card_movements"."montant" <> 0)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_one_owner" CHECK (("cards"."user_id" IS NULL) <> ("cards"."entity_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "dishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"meal_id" integer NOT NULL,
	"type" char(1) NOT NULL,
	"libelle" text NOT NULL,
	"prix" integer NOT NULL,
	CONSTRAINT "dishes_price_positive" CHECK ("dishes"."prix" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meal_order_lines" (
	"order_id" integer NOT NULL,
	"dish_id" integer NOT NULL,
	"quantite" integer NOT NULL,
	"prix_unitaire" integer NOT NULL,
	CONSTRAINT "meal_order_lines_order_id_dish_id_pk" PRIMARY KEY("order_id","dish_id"),
	CONSTRAINT "meal_order_lines_quantity_positive" CHECK ("meal_order_lines"."quantite" > 0)
);
--> statement-breakpoint
CREATE TABLE "meal_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"meal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entity_id" integer,
	"invites" integer DEFAULT 0 NOT NULL,
	"montant" integer NOT NULL,
	"etat" char(1) DEFAULT 'C' NOT NULL,
	"moyen" char(1),
	"commentaire" text,
	"date_refus" date,
	"paid_by_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_orders_amount_positive" CHECK ("meal_orders"."montant" >= 0 AND "meal_orders"."invites" >= 0),
	CONSTRAINT "meal_orders_paid_has_means" CHECK ("meal_orders"."etat" <> 'P' OR "meal_orders"."moyen" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "meals" (
	"id" serial PRIMARY KEY NOT NULL,
	"jour" date NOT NULL,
	"type" char(1) NOT NULL,
	"titre" text NOT NULL,
	"places" integer NOT NULL,
	"places_prises" integer DEFAULT 0 NOT NULL,
	"limite" timestamp with time zone NOT NULL,
	"ouvert" boolean DEFAULT true NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meals_seats_not_oversold" CHECK ("meals"."places_prises" >= 0 AND "meals"."places_prises" <= "meals"."places")
);
--> statement-breakpoint
CREATE TABLE "payment_trans_counters" (
	"jour" date PRIMARY KEY NOT NULL,
	"dernier" integer NOT NULL,
	CONSTRAINT "payment_trans_counters_range" CHECK ("payment_trans_counters"."dernier" BETWEEN 1 AND 899999)
);
--> statement-breakpoint
CREATE TABLE "user_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"montant" integer NOT NULL,
	"etat" char(1) DEFAULT 'C' NOT NULL,
	"trans_day" date NOT NULL,
	"trans_id" char(6) NOT NULL,
	"trans_date" char(14) NOT NULL,
	"provider_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_payments_amount_positive" CHECK ("user_payments"."montant" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_movements" ADD CONSTRAINT "card_movements_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_movements" ADD CONSTRAINT "card_movements_order_id_meal_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."meal_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_movements" ADD CONSTRAINT "card_movements_payment_id_user_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."user_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_movements" ADD CONSTRAINT "card_movements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dishes" ADD CONSTRAINT "dishes_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_order_lines" ADD CONSTRAINT "meal_order_lines_order_id_meal_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."meal_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_order_lines" ADD CONSTRAINT "meal_order_lines_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_orders" ADD CONSTRAINT "meal_orders_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_orders" ADD CONSTRAINT "meal_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_orders" ADD CONSTRAINT "meal_orders_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_orders" ADD CONSTRAINT "meal_orders_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payments" ADD CONSTRAINT "user_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_movements_card_idx" ON "card_movements" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_movements_one_per_top_up" ON "card_movements" USING btree ("payment_id") WHERE "card_movements"."type" = 'R';--> statement-breakpoint
CREATE UNIQUE INDEX "cards_user_key" ON "cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_entity_key" ON "cards" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "dishes_meal_idx" ON "dishes" USING btree ("meal_id");--> statement-breakpoint
CREATE INDEX "meal_order_lines_dish_idx" ON "meal_order_lines" USING btree ("dish_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_orders_one_per_person" ON "meal_orders" USING btree ("meal_id","user_id",coalesce("entity_id", 0));--> statement-breakpoint
CREATE INDEX "meal_orders_user_idx" ON "meal_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meals_jour_idx" ON "meals" USING btree ("jour");--> statement-breakpoint
CREATE UNIQUE INDEX "user_payments_trans_key" ON "user_payments" USING btree ("trans_day","trans_id");--> statement-breakpoint
CREATE INDEX "user_payments_user_idx" ON "user_payments" USING btree ("user_id");