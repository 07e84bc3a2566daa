/** The reminders sent for overdue invoices, with who sent them (their owner's `userIdentities`, joined). */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accountingReminders, reminderRuns } from '../../../db/schema';
import { userIdentities } from '../../users/identities';

export const remindersRepository = {
  async reminders(db: Executor, orderId: number) {
    const sender = userIdentities(db);
    return db
      .select({
        niveau: accountingReminders.niveau,
        date: accountingReminders.date,
        reste: accountingReminders.reste,
        nom: sender.nom,
        prenom: sender.prenom,
      })
      .from(accountingReminders)
      .leftJoin(sender, eq(sender.id, accountingReminders.sentById))
      .where(eq(accountingReminders.orderId, orderId))
      .orderBy(asc(accountingReminders.id));
  },

  /** The letters of many orders, oldest first (the « Relances » screen). */
  async ofOrders(db: Executor, orderIds: readonly number[]) {
    if (!orderIds.length) return [];
    return db
      .select({
        orderId: accountingReminders.orderId,
        niveau: accountingReminders.niveau,
        date: accountingReminders.date,
      })
      .from(accountingReminders)
      .where(inArray(accountingReminders.orderId, [...orderIds]))
      .orderBy(asc(accountingReminders.id));
  },

  /**
   * Claims today's daily run: the first instance's insert wins, every other one finds the row and skips
   * (the primary key decides, on PostgreSQL as on PGlite, whatever the timing).
   */
  async claimRun(db: Executor, jour: string, at: Date): Promise<boolean> {
    const rows = await db
      .insert(reminderRuns)
      .values({ jour, debut: at })
      .onConflictDoNothing()
      .returning({ jour: reminderRuns.jour });
    return rows.length === 1;
  },

  async finishRun(db: Executor, jour: string, at: Date, envoyees: number, ignorees: number): Promise<void> {
    await db.update(reminderRuns).set({ fin: at, envoyees, ignorees }).where(eq(reminderRuns.jour, jour));
  },

  async insert(db: Executor, reminder: typeof accountingReminders.$inferInsert, at: Date): Promise<void> {
    await db.insert(accountingReminders).values({ ...reminder, createdAt: at });
  },
};
