-- The portal's visits (issue 33): when each person last opened the portal, so that « new documents »
-- are those published since their visit before this one (docs/decisions/documents-and-messages.md).
CREATE TABLE "portal_visits" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "visit_at" timestamp with time zone NOT NULL,
  "seen_at" timestamp with time zone NOT NULL,
  "previous_seen_at" timestamp with time zone
);
