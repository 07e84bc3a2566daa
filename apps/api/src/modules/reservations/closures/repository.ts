/** Closed days of the building. */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { closures } from '../../../db/schema';

export type ClosureRecord = typeof closures.$inferSelect;

export const closuresRepository = {
  async find(db: Executor, jour: string): Promise<ClosureRecord | undefined> {
    const [row] = await db.select().from(closures).where(eq(closures.jour, jour));
    return row;
  },

  async between(db: Executor, from: string, to: string): Promise<ClosureRecord[]> {
    return db
      .select()
      .from(closures)
      .where(and(gte(closures.jour, from), lte(closures.jour, to)))
      .orderBy(asc(closures.jour));
  },

  /** Inserts the closure; returns undefined when the day was already closed. */
  async insert(
    db: Executor,
    values: typeof closures.$inferInsert,
    at: Date,
  ): Promise<ClosureRecord | undefined> {
    const [row] = await db
      .insert(closures)
      .values({ ...values, createdAt: at })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async remove(db: Executor, jour: string): Promise<boolean> {
    const rows = await db.delete(closures).where(eq(closures.jour, jour)).returning({ jour: closures.jour });
    return rows.length > 0;
  },
};
