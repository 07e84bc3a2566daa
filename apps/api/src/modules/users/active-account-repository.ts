/**
 * The active accounts as an audience: who is reached (a session's owner, a message's or a document's
 * readers) and at which address.
 */
import type { Habilitation } from '@union/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The active accounts, with their names, address, habilitations and whether they want messages by e-mail,
 * as a subquery for a query of another module that only concerns active people (a session's owner, a
 * message's audience).
 */
export function activeUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      nom: users.nom,
      prenom: users.prenom,
      email: users.email,
      habilitations: users.habilitations,
      notificationMessages: users.notificationMessages,
    })
    .from(users)
    .where(eq(users.etat, 'A'))
    .as('active_users');
}

/**
 * The active accounts that read documents and want them by e-mail (with an address), as a subquery the
 * documents' distribution narrows to its audience and to those not sent the document yet.
 */
export function documentReaders(db: Executor) {
  return db
    .select({ id: users.id, prenom: users.prenom, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.etat, 'A'),
        eq(users.notificationDocuments, true),
        isNotNull(users.email),
        sql`(${users.habilitations} && ARRAY['DOCUMENTS_LECTURE', 'DOCUMENTS_LECTURE_ALL']::text[])`,
      ),
    )
    .as('document_readers');
}

/**
 * The active accounts whose owner has not chosen a password yet (the invitation not followed), as a
 * subquery (`id IN (…)`): the portal's « membres à confirmer » of a lodge (issue 33).
 */
export function awaitingFirstPassword(db: Executor) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.etat, 'A'), isNull(users.passwordHash)));
}

export const activeAccountRepository = {
  /** The account's address while it is active. */
  async activeEmailOf(db: Executor, id: number): Promise<string | undefined> {
    const [row] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, id), eq(users.etat, 'A')));
    return row?.email;
  },

  /**
   * The addresses of the active accounts holding the habilitation, among `among` (a subquery of ids) when
   * given; each once, in alphabetical order.
   */
  async activeEmailsWith(db: Executor, habilitation: Habilitation, among?: SQLWrapper): Promise<string[]> {
    const rows = await db
      .selectDistinct({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.etat, 'A'),
          isNotNull(users.email),
          sql`${habilitation} = ANY(${users.habilitations})`,
          among ? inArray(users.id, among) : undefined,
        ),
      )
      .orderBy(asc(users.email));
    return rows.map((r) => r.email).filter((email): email is string => email !== null);
  },

  /** Who receives the menus' e-mails: active accounts with the restaurant notification on. */
  async restaurantNotificationRecipients(db: Executor): Promise<{ id: number; email: string }[]> {
    return db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.etat, 'A'), eq(users.notificationRestauration, true)))
      .orderBy(asc(users.id));
  },
};
