-- Two memberships of one person in one entity never share a day (DECISIONS §1): checked by the
-- database, so it holds whatever writes them (two requests at once, the import's bulk insert). Dates
-- are days, both ends included; a missing start or end is an open bound.
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_no_overlap" EXCLUDE USING gist (
  "user_id" WITH =,
  "entity_id" WITH =,
  daterange("debut", "fin", '[]') WITH &&
);
