CREATE TABLE "closures" (
	"jour" date PRIMARY KEY NOT NULL,
	"motif" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planning_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"annee" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"type" text NOT NULL,
	"libelle" text NOT NULL,
	"debut" smallint NOT NULL,
	"fin" smallint NOT NULL,
	"regle" jsonb NOT NULL,
	"mois" smallint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planning_years" (
	"annee" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"jour" date NOT NULL,
	"debut" smallint NOT NULL,
	"fin" smallint NOT NULL,
	"type" text NOT NULL,
	"libelle" text NOT NULL,
	"participants" integer,
	"commentaire" text,
	"etat" char(2) NOT NULL,
	"requested_by_id" integer,
	"deletion_requested_by_id" integer,
	"motif_refus" text,
	"planning_entry_id" integer,
	"changed_by_hand" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_entries" ADD CONSTRAINT "planning_entries_annee_planning_years_annee_fk" FOREIGN KEY ("annee") REFERENCES "public"."planning_years"("annee") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_entries" ADD CONSTRAINT "planning_entries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_entries" ADD CONSTRAINT "planning_entries_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_deletion_requested_by_id_users_id_fk" FOREIGN KEY ("deletion_requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_planning_entry_id_planning_entries_id_fk" FOREIGN KEY ("planning_entry_id") REFERENCES "public"."planning_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_entries_year_idx" ON "planning_entries" USING btree ("annee","entity_id","room_id");--> statement-breakpoint
CREATE INDEX "reservations_jour_idx" ON "reservations" USING btree ("jour");--> statement-breakpoint
CREATE INDEX "reservations_planning_idx" ON "reservations" USING btree ("planning_entry_id");--> statement-breakpoint
CREATE INDEX "reservations_requested_by_idx" ON "reservations" USING btree ("requested_by_id");