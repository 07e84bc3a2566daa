/** The outbox table: enqueue inside a change's transaction, claim due messages, mark the outcome. */
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema';

export interface NewEmail {
  destinataire: string;
  sujet: string;
  texte: string;
}

export const mailRepository = {
  async enqueue(db: Executor, email: NewEmail): Promise<void> {
    await db.insert(emailOutbox).values(email);
  },

  /**
   * Claims pending messages whose next try is due, oldest first, by pushing their next try `leaseMs`
   * ahead: another instance's worker skips them meanwhile (SKIP LOCKED), so no message goes out twice.
   */
  async claimDue(db: Executor, now: Date, limit: number, leaseMs: number) {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.statut, 'P'), lte(emailOutbox.prochainEssai, now)))
      .orderBy(asc(emailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({ prochainEssai: new Date(now.getTime() + leaseMs) })
      .where(inArray(emailOutbox.id, due))
      .returning();
  },

  async markSent(db: Executor, id: number, at: Date): Promise<void> {
    await db.update(emailOutbox).set({ statut: 'E', sentAt: at, erreur: null }).where(eq(emailOutbox.id, id));
  },

  /** Records a failed try: another one at `retryAt`, or a final failure when `retryAt` is null. */
  async markAttemptFailed(db: Executor, id: number, attempts: number, error: string, retryAt: Date | null) {
    await db
      .update(emailOutbox)
      .set({
        tentatives: attempts,
        erreur: error,
        statut: retryAt ? 'P' : 'X',
        ...(retryAt ? { prochainEssai: retryAt } : {}),
      })
      .where(eq(emailOutbox.id, id));
  },

  async list(db: Executor, limit = 200) {
    return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
  },
};
