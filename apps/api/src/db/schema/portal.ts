/**
 * The portal's visits (issue 33, migration 0045): when each person last opened it, so that « new
 * documents » means new since the visit before this one. A visit is the portal read after more than
 * 30 minutes without reading it; the reads within a visit keep showing what was new when it began.
 */
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

export const portalVisits = pgTable('portal_visits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** When the current visit began (its first read). */
  visitAt: timestamp('visit_at', { withTimezone: true }).notNull(),
  /** The last read of the visit, to tell a new visit from a reload. */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  /** The last read of the visit before: what is new is published after it; null on the first visit. */
  previousSeenAt: timestamp('previous_seen_at', { withTimezone: true }),
});
