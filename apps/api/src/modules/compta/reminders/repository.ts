/** The reminders sent for overdue invoices, with who sent them (their owner's `userIdentities`, joined). */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accountingReminders } from '../../../db/schema';
import { userIdentities } from '../../users/identities';

export const remindersRepository = {
  async reminders(db: Executor, orderId: number) {
    const sender = userIdentities(db);
    return db
      .select({
        niveau: accountingReminders.niveau,
        date: accountingReminders.date,
        nom: sender.nom,
        prenom: sender.prenom,
      })
      .from(accountingReminders)
      .leftJoin(sender, eq(sender.id, accountingReminders.sentById))
      .where(eq(accountingReminders.orderId, orderId))
      .orderBy(asc(accountingReminders.id));
  },

  async insert(db: Executor, reminder: typeof accountingReminders.$inferInsert, at: Date): Promise<void> {
    await db.insert(accountingReminders).values({ ...reminder, createdAt: at });
  },
};
