/** The secrets of the calendar feeds: only their SHA-256 is stored. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { calendarFeeds } from '../../../db/schema';
import { accountStates } from '../../users/identities';

export const calendarFeedsRepository = {
  async findByUser(db: Executor, userId: number) {
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    return row;
  },

  /** The owner of a feed secret, with what decides whether the feed still answers. */
  async ownerOf(db: Executor, tokenHash: string) {
    const owner = accountStates(db);
    const [row] = await db
      .select({ id: owner.id, etat: owner.etat, habilitations: owner.habilitations })
      .from(calendarFeeds)
      .innerJoin(owner, eq(owner.id, calendarFeeds.userId))
      .where(eq(calendarFeeds.tokenHash, tokenHash));
    return row;
  },

  /** Creates or replaces the user's secret: the previous address stops answering at once. */
  async replace(db: Executor, userId: number, tokenHash: string, at: Date) {
    const [row] = await db
      .insert(calendarFeeds)
      .values({ userId, tokenHash, createdAt: at })
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { tokenHash, createdAt: at },
      })
      .returning();
    return row!;
  },
};
