/** The outbox table: enqueue inside a change's transaction, claim due messages, mark the outcome. */
import type { OutboxQuery } from '@union/contract';
import { and, asc, desc, eq, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { textArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../db/like';
import { emailAttachments, emailOutbox } from '../../db/schema';
import { TIME_ZONE } from '../../lib/dates';

export interface NewEmail {
  destinataire: string;
  sujet: string;
  texte: string;
  /** Extra headers, such as List-Unsubscribe. */
  entetes?: Record<string, string>;
}

/** A file sent with an e-mail (a quote, an invoice, a reminder letter). */
export interface Attachment {
  nom: string;
  typeMime: string;
  contenu: Buffer;
}

/**
 * Each e-mail's state (P pending, E sent, X failed, A cancelled), as a subquery for a query of another
 * module that follows its own e-mails (the documents' distributions): it joins this instead of the
 * outbox. PostgreSQL flattens it into a plain join.
 */
export function emailStates(db: Executor) {
  return db.select({ id: emailOutbox.id, statut: emailOutbox.statut }).from(emailOutbox).as('email_states');
}

export const mailRepository = {
  /** Enqueues one e-mail, written `at` (the service's `ctx.clock.now()`), in the caller's transaction. */
  async enqueue(db: Executor, email: NewEmail, at: Date): Promise<number> {
    const [row] = await db
      .insert(emailOutbox)
      .values({ ...email, createdAt: at })
      .returning({ id: emailOutbox.id });
    return row!.id;
  },

  /**
   * Enqueues several e-mails in one statement whatever their number (the member import's invitations),
   * written `at` (the service's `ctx.clock.now()`), in the caller's transaction (DECISIONS §7).
   */
  async enqueueMany(db: Executor, emails: NewEmail[], at: Date): Promise<void> {
    if (emails.length === 0) return;
    await db.execute(sql`
      INSERT INTO ${emailOutbox} (destinataire, sujet, texte, entetes, created_at)
      SELECT n.destinataire, n.sujet, n.texte, n.entetes::jsonb, ${at.toISOString()}::timestamptz
      FROM unnest(${textArray(emails.map((e) => e.destinataire))}, ${textArray(emails.map((e) => e.sujet))},
        ${textArray(emails.map((e) => e.texte))},
        ${textArray(emails.map((e) => (e.entetes ? JSON.stringify(e.entetes) : null)))})
        AS n(destinataire, sujet, texte, entetes)`);
  },

  /** Enqueues an e-mail with its files, in the caller's transaction like any other. */
  async enqueueWithAttachments(
    db: Executor,
    email: NewEmail,
    attachments: Attachment[],
    at: Date,
  ): Promise<void> {
    const [row] = await db
      .insert(emailOutbox)
      .values({ ...email, createdAt: at })
      .returning({ id: emailOutbox.id });
    if (!attachments.length) return;
    await db.insert(emailAttachments).values(
      attachments.map((a) => ({
        emailId: row!.id,
        nom: a.nom,
        typeMime: a.typeMime,
        contenuBase64: a.contenu.toString('base64'),
      })),
    );
  },

  async attachmentsOf(db: Executor, emailId: number) {
    const rows = await db.select().from(emailAttachments).where(eq(emailAttachments.emailId, emailId));
    return rows.map((a) => ({
      filename: a.nom,
      contentType: a.typeMime,
      content: Buffer.from(a.contenuBase64, 'base64'),
    }));
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

  /** Hands claimed messages back, due `at` (a stopping worker's unsent batch): still pending only. */
  async releaseClaims(db: Executor, ids: number[], at: Date): Promise<void> {
    if (!ids.length) return;
    await db
      .update(emailOutbox)
      .set({ prochainEssai: at })
      .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.statut, 'P')));
  },

  /** How many messages wait to be sent, and when the oldest of them was written (the metrics). */
  async pendingSummary(db: Executor): Promise<{ pending: number; oldest: Date | null }> {
    const [row] = await db
      .select({
        pending: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${emailOutbox.createdAt})`,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.statut, 'P'));
    return { pending: row?.pending ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  /**
   * The outbox at a glance (issue 33): messages failed for good, retrying after a failure, waiting; and
   * per Paris day from `from` on, those sent (by the day they left) and those failed for good (by the day
   * they were written: a failure keeps no date of its own). Days without either are absent.
   */
  async glance(db: Executor, from: string) {
    const o = emailOutbox;
    const [totals] = await db
      .select({
        echecs: sql<number>`(count(*) FILTER (WHERE ${o.statut} = 'X'))::int`,
        enReprise: sql<number>`(count(*) FILTER (WHERE ${o.statut} = 'P' AND ${o.tentatives} > 0))::int`,
        enAttente: sql<number>`(count(*) FILTER (WHERE ${o.statut} = 'P'))::int`,
      })
      .from(o)
      .where(inArray(o.statut, ['P', 'X']));
    const day = sql<string>`((coalesce(${o.sentAt}, ${o.createdAt}) AT TIME ZONE ${TIME_ZONE})::date)::text`;
    const since = sql`(${from}::date::timestamp AT TIME ZONE ${TIME_ZONE})`;
    const days = await db
      .select({
        jour: day,
        envoyes: sql<number>`(count(*) FILTER (WHERE ${o.statut} = 'E'))::int`,
        echecs: sql<number>`(count(*) FILTER (WHERE ${o.statut} = 'X'))::int`,
      })
      .from(o)
      .where(
        sql`(${o.statut} = 'E' AND ${o.sentAt} >= ${since}) OR (${o.statut} = 'X' AND ${o.createdAt} >= ${since})`,
      )
      // By position: the day's expression carries the time zone as a parameter, a new one each time.
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return { ...totals!, days };
  },

  /** Whether the message is still to be sent (not cancelled meanwhile): the worker asks before each one. */
  async isPending(db: Executor, id: number): Promise<boolean> {
    const [row] = await db
      .select({ statut: emailOutbox.statut })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    return row?.statut === 'P';
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
      // A message cancelled while it was being tried stays cancelled.
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.statut, 'P')));
  },

  /** The newest messages first; the days are Paris days, as the screen shows them. */
  async list(db: Executor, query: OutboxQuery = {}, limit = 200) {
    const conditions: SQL[] = [];
    if (query.destinataire)
      conditions.push(
        sql`immutable_unaccent(lower(${emailOutbox.destinataire})) LIKE '%' || immutable_unaccent(lower(${escapeLike(query.destinataire)})) || '%'`,
      );
    if (query.statut) conditions.push(eq(emailOutbox.statut, query.statut));
    const parisDay = sql`(${emailOutbox.createdAt} AT TIME ZONE 'Europe/Paris')::date`;
    if (query.du) conditions.push(sql`${parisDay} >= ${query.du}::date`);
    if (query.au) conditions.push(sql`${parisDay} <= ${query.au}::date`);
    return db
      .select()
      .from(emailOutbox)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(emailOutbox.id))
      .limit(limit);
  },

  /** The e-mails sent to an address, newest first (GDPR export). */
  async sentTo(db: Executor, email: string) {
    return db
      .select({ createdAt: emailOutbox.createdAt, sujet: emailOutbox.sujet, statut: emailOutbox.statut })
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.destinataire}) = lower(${email})`)
      .orderBy(desc(emailOutbox.id))
      .limit(1000);
  },

  /** Erases the address and the text of every e-mail sent to these addresses (lower case). */
  async eraseRecipients(db: Executor, emails: string[], alias: string): Promise<void> {
    await db
      .update(emailOutbox)
      .set({ destinataire: `${alias}@anonyme.invalid`, texte: '(contenu effacé : compte anonymisé)' })
      .where(inArray(sql`lower(${emailOutbox.destinataire})`, emails));
  },

  /** Cancels those of these e-mails not sent yet (a subquery of their ids); returns how many. */
  async cancelPending(db: Executor, ids: SQLWrapper): Promise<number> {
    const rows = await db
      .update(emailOutbox)
      .set({ statut: 'A' })
      .where(and(eq(emailOutbox.statut, 'P'), inArray(emailOutbox.id, ids)))
      .returning({ id: emailOutbox.id });
    return rows.length;
  },
};
