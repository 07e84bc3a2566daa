/**
 * The signed-in user's own account: identity, contact details, password, notification flags, and the
 * GDPR export of everything kept about them.
 */
import type { Account, PersonalData } from '@union/contract';
import type { Executor } from '../../db/client';
import { guardConstraint } from '../../lib/constraints';
import { inTransaction, type RequestContext } from '../../lib/context';
import { invalid, refused, unauthenticated } from '../../lib/errors';
import { checkNewPassword } from '../../lib/passwords';
import { hashPassword, tokenHash, verifyPassword } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { authRepository } from '../auth/repository';
import { membershipTerms } from '../entities/presenter';
import { membershipRepository } from '../entities/membership-repository';
import { mailRepository } from '../mail/repository';
import { cardsRepository } from '../restaurant/cards/repository';
import { mealOrdersRepository } from '../restaurant/orders/repository';
import { signInAttemptsRepository } from '../sign-in-attempts/repository';
import { raceRefusals } from '../users/refusals';
import { accountRepository, type UserRow } from '../users/account-repository';

/** The request context on the database or inside a transaction: helpers run on either. */
type Ctx = RequestContext<Executor>;

async function load({ db, caller }: Ctx): Promise<UserRow> {
  const user = await accountRepository.findById(db, caller.id);
  if (!user) throw unauthenticated();
  return user;
}

const toAccount = (u: UserRow): Account => ({
  id: u.id,
  identifiant: u.identifiant,
  nom: u.nom,
  prenom: u.prenom,
  email: u.email,
  telephone: u.telephone,
  notificationRestauration: u.notificationRestauration,
  notificationDocuments: u.notificationDocuments,
  notificationMessages: u.notificationMessages,
});

/** The e-mails a person may turn on or off from their account page, and the column of each. */
const NOTIFICATION_COLUMNS = {
  restauration: 'notificationRestauration',
  documents: 'notificationDocuments',
  messages: 'notificationMessages',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_COLUMNS;

export const usersService = {
  async account(ctx: RequestContext): Promise<Account> {
    return toAccount(await load(ctx));
  },

  /**
   * Needs the current password; the new one must follow the rules. Every other session ends and every
   * unused link is spent (someone else may have known the old password or read the mailbox); the
   * session making the change (`currentToken`) stays open.
   */
  async changePassword(
    ctx: RequestContext,
    current: string,
    next: string,
    currentToken: string | undefined,
  ): Promise<void> {
    const user = await load(ctx);
    if (!(await verifyPassword(user.passwordHash, current)))
      throw invalid('Le mot de passe actuel est incorrect.');
    checkNewPassword(next, user);
    await inTransaction(ctx, async (tx) => {
      await accountRepository.update(
        tx.db,
        user.id,
        { passwordHash: await hashPassword(next) },
        tx.clock.now(),
      );
      await authRepository.revokeUserTokens(
        tx.db,
        user.id,
        tx.clock.now(),
        // Without its own token (never the case behind the bearer check) no session is kept.
        currentToken === undefined ? '' : tokenHash(currentToken),
      );
      await authRepository.spendUserLinks(tx.db, user.id, tx.clock.now());
      await audit.record(tx, {
        action: 'password_changed',
        recordType: 'user',
        recordId: user.id,
      });
    });
  },

  async changeEmail(ctx: RequestContext, email: string): Promise<Account> {
    const { db } = ctx;
    const user = await load(ctx);
    const owner = await accountRepository.findByEmail(db, email);
    if (owner && owner.id !== user.id)
      throw refused('email_taken', 'Cette adresse e-mail est déjà utilisée par un autre compte.');
    return inTransaction(ctx, async (tx) => {
      await guardConstraint(
        () => accountRepository.update(tx.db, user.id, { email }, tx.clock.now()),
        raceRefusals({ identifiant: user.identifiant, email }),
      );
      // Links already mailed went to the old address.
      await authRepository.spendUserLinks(tx.db, user.id, tx.clock.now());
      await audit.record(tx, {
        action: 'email_changed',
        recordType: 'user',
        recordId: user.id,
        details: { avant: user.email, apres: email },
      });
      return toAccount({ ...user, email });
    });
  },

  async changeTelephone(ctx: RequestContext, telephone: string): Promise<Account> {
    const user = await load(ctx);
    const value = telephone || null;
    await inTransaction(ctx, async (tx) => {
      await accountRepository.update(tx.db, user.id, { telephone: value }, tx.clock.now());
      await audit.record(tx, {
        action: 'telephone_changed',
        recordType: 'user',
        recordId: user.id,
      });
    });
    return toAccount({ ...user, telephone: value });
  },

  async setNotification(ctx: RequestContext, kind: NotificationKind, on: boolean): Promise<Account> {
    const user = await load(ctx);
    const changes = { [NOTIFICATION_COLUMNS[kind]]: on };
    await inTransaction(ctx, async (tx) => {
      await accountRepository.update(tx.db, user.id, changes, tx.clock.now());
      // As the e-mails' unsubscribe link does (NOTIFICATION_DOCUMENTS_OFF): who turned what on or off.
      await audit.record(tx, {
        action: 'notification_changed',
        recordType: 'user',
        recordId: user.id,
        details: { notification: kind, active: on },
      });
    });
    return toAccount({ ...user, ...changes });
  },

  /** GDPR: everything kept about the signed-in user, as JSON they can download from their account. */
  async personalData(ctx: RequestContext): Promise<PersonalData> {
    const user = await load(ctx);
    return inTransaction(ctx, async (tx) => {
      const [memberships, entries, signIns, emails] = [
        await membershipRepository.membershipsOfUser(tx.db, user.id),
        await audit.about(tx.db, 'user', user.id),
        await signInAttemptsRepository.signInsOf(tx.db, user.identifiant),
        await mailRepository.sentTo(tx.db, user.email),
      ];
      const orders = await mealOrdersRepository.ordersOfUser(tx.db, user.id);
      const movements = await cardsRepository.movementsOfUser(tx.db, user.id);
      const topUps = await cardsRepository.topUpsOfUser(tx.db, user.id);
      await audit.record(tx, {
        action: 'personal_data_exported',
        recordType: 'user',
        recordId: user.id,
      });
      return {
        exporteLe: tx.clock.now().toISOString(),
        compte: {
          id: user.id,
          identifiant: user.identifiant,
          nom: user.nom,
          prenom: user.prenom,
          email: user.email,
          telephone: user.telephone,
          habilitations: user.habilitations,
          etat: user.etat,
          notificationRestauration: user.notificationRestauration,
          notificationDocuments: user.notificationDocuments,
          notificationMessages: user.notificationMessages,
          creeLe: user.createdAt.toISOString(),
          modifieLe: user.updatedAt.toISOString(),
        },
        appartenances: memberships.map((m) => ({ entite: m.entiteNom, ...membershipTerms(m) })),
        historique: entries.map((a) => ({
          date: a.createdAt.toISOString(),
          action: a.action,
          details: a.details,
        })),
        connexions: signIns.map((s) => ({
          date: s.createdAt.toISOString(),
          adresse: s.ip,
          resultat: s.outcome,
        })),
        emails: emails.map((e) => ({ date: e.createdAt.toISOString(), sujet: e.sujet, statut: e.statut })),
        commandesRepas: orders.map((o) => ({
          date: o.jour,
          repas: o.titre,
          montant: o.order.montant,
          etat: o.order.etat,
          moyen: o.order.moyen,
        })),
        carte: {
          mouvements: movements.map((m) => ({
            date: m.createdAt.toISOString(),
            type: m.type,
            montant: m.montant,
            libelle: m.libelle,
          })),
          rechargements: topUps.map((t) => ({
            date: t.payment.createdAt.toISOString(),
            montant: t.payment.montant,
            etat: t.payment.etat,
          })),
        },
      };
    });
  },
};
