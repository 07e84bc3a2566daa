-- Booking rules (issue 21): the least notice before a member's request, in hours, and how far ahead a room
-- may be booked, in months. Defaults: no notice (as before), 18 months ahead.
ALTER TABLE "union_settings" ADD COLUMN "preavis_reservation_heures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "union_settings" ADD COLUMN "horizon_reservation_mois" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "union_settings" ADD CONSTRAINT "union_settings_preavis_range" CHECK ("union_settings"."preavis_reservation_heures" BETWEEN 0 AND 2160);--> statement-breakpoint
ALTER TABLE "union_settings" ADD CONSTRAINT "union_settings_horizon_range" CHECK ("union_settings"."horizon_reservation_mois" BETWEEN 1 AND 36);
