/** The portal's visits (issue 33): one row per person, read and written when the portal is read. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { portalVisits } from '../../db/schema';

export type PortalVisit = typeof portalVisits.$inferSelect;

export const portalRepository = {
  async visitOf(db: Executor, userId: number): Promise<PortalVisit | undefined> {
    const [row] = await db.select().from(portalVisits).where(eq(portalVisits.userId, userId));
    return row;
  },

  async saveVisit(db: Executor, visit: PortalVisit): Promise<void> {
    const { visitAt, seenAt, previousSeenAt } = visit;
    await db
      .insert(portalVisits)
      .values(visit)
      .onConflictDoUpdate({ target: portalVisits.userId, set: { visitAt, seenAt, previousSeenAt } });
  },
};
