/** The audit log: who did what, when, on which record. Append-only. */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for actions of the system itself (seed, worker) or of an anonymous caller. */
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    /** The kind of record: user, entity, membership, room, reservation… */
    recordType: text('record_type').notNull(),
    recordId: integer('record_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_record_idx').on(t.recordType, t.recordId, t.createdAt)],
);
