-- Rules Drizzle cannot declare (DECISIONS §3). The half-hour grid: starts 08:00–22:30, ends up to 23:00.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_half_hour_grid" CHECK (
  "debut" % 30 = 0 AND "fin" % 30 = 0 AND "debut" BETWEEN 480 AND 1350 AND "fin" <= 1380 AND "fin" > "debut"
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_state_known" CHECK ("etat" IN ('DC', 'CR', 'DS', 'SU'));
--> statement-breakpoint
-- Two reservations holding a room (DC, CR, DS) never overlap: checked by the database, so it holds
-- under concurrent requests. Half-open ranges: 19:00–21:00 and 21:00–23:00 may follow each other.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist (
  "room_id" WITH =,
  "jour" WITH =,
  int4range("debut", "fin") WITH &&
) WHERE ("etat" IN ('DC', 'CR', 'DS'));
--> statement-breakpoint
ALTER TABLE "planning_entries" ADD CONSTRAINT "planning_entries_half_hour_grid" CHECK (
  "debut" % 30 = 0 AND "fin" % 30 = 0 AND "debut" BETWEEN 480 AND 1350 AND "fin" <= 1380 AND "fin" > "debut"
);
