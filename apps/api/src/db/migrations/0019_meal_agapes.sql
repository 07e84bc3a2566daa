-- A meal can be the agapes of a lodge's session (a reservation of the planning, DECISIONS §5, issue 9).
-- Reservations are kept when deleted (state SU); should a row ever be removed (a purge), the meal stays,
-- untied: ON DELETE SET NULL. The index serves that removal and the join from a session to its meals.
ALTER TABLE "meals" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meals_reservation_idx" ON "meals" USING btree ("reservation_id");
