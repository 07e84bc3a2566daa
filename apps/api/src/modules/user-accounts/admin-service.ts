/**
 * The administration of accounts (ADMIN): an account's page and history, its creation, its edition and
 * the moves of its life (activate, deactivate, delete: `userMachine`), a new invitation, and the GDPR
 * anonymisation of a deleted account.
 */
import type { Habilitation, HistoryEntry, UserDetail, UserUpdateSchema } from '@union/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { authorize } from '../../lib/authorize';
import { guardConstraint } from '../../lib/constraints';
import { inTransaction, type RequestContext } from '../../lib/context';
import { invalid, notFound } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit, changedFields } from '../audit/audit';
import { authRepository } from '../auth/repository';
import { mailRepository } from '../mail/repository';
import { historyOf } from '../entities/history';
import { createUser, sendInvitation, type CreateUserInput } from '../invitations/service';
import { actionToReach, userMachine } from '../users/machine';
import { may, usersPolicyContext, type UsersPolicyContext } from '../users/policy';
import { secondFactorRepository } from '../second-factor/repository';
import { hasAnyFactor } from '../second-factor/factors';
import { signInAttemptsRepository } from '../sign-in-attempts/repository';
import { presentUserDetail } from './presenter';
import { emailTaken, identifiantTaken, raceRefusals } from '../users/refusals';
import { accountRepository, type UserRow } from '../users/account-repository';

/**
 * The account's page, with whether it has a second factor, an authenticator or a passkey (the reset
 * button shows then).
 */
async function detail(db: Executor, policy: UsersPolicyContext, user: UserRow): Promise<UserDetail> {
  return presentUserDetail(policy, user, await hasAnyFactor(db, user.id));
}

async function loadUser(db: Executor, id: number): Promise<UserRow> {
  const user = await accountRepository.findById(db, id);
  if (!user) throw notFound("Cet utilisateur n'existe pas.");
  return user;
}

type UserUpdate = z.output<typeof UserUpdateSchema>;

/** Keys of audit details that hold a person's identity: erased when the person is anonymised. */
const PERSONAL_DETAIL_KEYS = [
  'identifiant',
  'ancienIdentifiant',
  'ancienEmail',
  'changements',
  'email',
  'nom',
  'prenom',
  'telephone',
] as const;

/**
 * Erases what the other modules keep of a deleted user's identity (GDPR), each through its owner: the
 * sign-ins under any identifiant they had, the e-mails to any address they had, the identity held in the
 * details of the audit entries about them (the identifiant at creation, the old and new addresses of an
 * e-mail change, an import's old values), and unused links. Ids stay, so history and accounting remain
 * consistent; what the entries say happened (habilitations, states, names of changed fields) stays.
 */
async function eraseTraces(db: Executor, user: UserRow, alias: string, at: Date): Promise<void> {
  // Earlier identifiants and addresses are known only from the audit log: gather them first.
  const identifiants = new Set([user.identifiant.toLowerCase()]);
  const emails = new Set([user.email.toLowerCase()]);
  for (const entry of await audit.about(db, 'user', user.id)) {
    const details = (entry.details ?? {}) as Record<string, unknown>;
    for (const value of [details.identifiant, details.ancienIdentifiant])
      if (typeof value === 'string') identifiants.add(value.toLowerCase());
    const addresses = entry.action === 'email_changed' ? [details.avant, details.apres] : [];
    for (const value of [...addresses, details.ancienEmail])
      if (typeof value === 'string') emails.add(value.toLowerCase());
  }
  await signInAttemptsRepository.renameSignIns(db, [...identifiants], alias);
  await mailRepository.eraseRecipients(db, [...emails], alias);
  await audit.eraseDetails(db, 'user', user.id, {
    whole: ['email_changed'],
    keys: PERSONAL_DETAIL_KEYS,
  });
  await authRepository.spendUserLinks(db, user.id, at);
}

/** The caller's policy context, once they may use the administration at all (403 otherwise). */
function administrator(ctx: RequestContext): UsersPolicyContext {
  const policy = usersPolicyContext(ctx);
  authorize(may(policy, 'ADMINISTER', null));
  return policy;
}

export const usersAdminService = {
  async infos(ctx: RequestContext, id: number): Promise<UserDetail> {
    const policy = administrator(ctx);
    return detail(ctx.db, policy, await loadUser(ctx.db, id));
  },

  async create(ctx: RequestContext, input: CreateUserInput): Promise<UserDetail> {
    const policy = administrator(ctx);
    const user = await inTransaction(ctx, (tx) => createUser(tx, input));
    return presentUserDetail(policy, user, false);
  },

  /**
   * PUT /api/user: identity, habilitations and state. Moving to I or S closes every session of the
   * user at once. An administrator cannot deactivate, delete or remove ADMIN from themself.
   */
  async update(ctx: RequestContext, input: UserUpdate): Promise<UserDetail> {
    const policy = administrator(ctx);
    const { caller } = policy;
    return inTransaction(ctx, async (tx) => {
      const user = await loadUser(tx.db, input.id);
      if (user.anonymizedAt) throw invalid('Ce compte a été anonymisé : il ne peut plus être modifié.');
      const self = caller.id === user.id;
      if (self && input.etat !== 'A')
        throw invalid('Vous ne pouvez pas désactiver ni supprimer votre propre compte.');
      if (self && !input.habilitations.includes('ADMIN'))
        throw invalid("Vous ne pouvez pas retirer l'habilitation Administration de votre propre compte.");
      // The clear 412s above come first; the policy and the machine then judge the edit and the move.
      decide(userMachine, user.etat, 'EDIT', may(policy, 'EDIT', user));
      const action = actionToReach(user.etat, input.etat);
      const etat = action ? decide(userMachine, user.etat, action, may(policy, action, user)) : user.etat;

      const byEmail = await accountRepository.findByEmail(tx.db, input.email);
      if (byEmail && byEmail.id !== user.id) throw emailTaken(input.email);
      const byIdentifiant = await accountRepository.findByIdentifiant(tx.db, input.identifiant);
      if (byIdentifiant && byIdentifiant.id !== user.id) throw identifiantTaken(input.identifiant);

      const habilitations = [...new Set(input.habilitations)];
      const identity = {
        identifiant: input.identifiant,
        nom: input.nom,
        prenom: input.prenom,
        email: input.email,
        telephone: input.telephone ?? null,
      };
      const champs = changedFields(user, identity);
      await guardConstraint(
        () => accountRepository.update(tx.db, user.id, { ...identity, habilitations, etat }, tx.clock.now()),
        raceRefusals(identity),
      );
      const record = (action: string, details: Record<string, unknown>) =>
        audit.record(tx, {
          action,
          recordType: 'user',
          recordId: user.id,
          details,
        });
      // The former identifiant and address are kept so that an anonymisation finds the sign-ins and
      // e-mails made under them; the anonymisation erases them from here too.
      if (champs.length)
        await record('user_updated', {
          champs,
          ...(champs.includes('identifiant') ? { ancienIdentifiant: user.identifiant } : {}),
          ...(champs.includes('email') ? { ancienEmail: user.email } : {}),
        });
      const ajoutees = habilitations.filter((h) => !user.habilitations.includes(h));
      const retirees = user.habilitations.filter((h) => !habilitations.includes(h));
      if (ajoutees.length || retirees.length)
        await record('user_habilitations_changed', { ajoutees, retirees });
      // Links already mailed went to the old address; a deactivated account keeps none.
      if (identity.email.toLowerCase() !== user.email.toLowerCase() || etat !== 'A')
        await authRepository.spendUserLinks(tx.db, user.id, tx.clock.now());
      if (etat !== user.etat) {
        await record('user_state_changed', { avant: user.etat, apres: etat });
        if (etat !== 'A') await authRepository.revokeUserTokens(tx.db, user.id, tx.clock.now());
      }
      return detail(tx.db, policy, {
        ...user,
        ...identity,
        habilitations,
        etat,
        updatedAt: tx.clock.now(),
      });
    });
  },

  /** A new invitation link for an active user who has not chosen a password yet. */
  async resendInvitation(ctx: RequestContext, id: number): Promise<UserDetail> {
    const policy = administrator(ctx);
    return inTransaction(ctx, async (tx) => {
      const user = await loadUser(tx.db, id);
      if (user.etat !== 'A' || user.passwordHash !== null)
        throw invalid(
          "L'invitation ne peut être renvoyée qu'à un compte actif qui n'a pas encore de mot de passe.",
        );
      decide(userMachine, user.etat, 'INVITE', may(policy, 'INVITE', user));
      await sendInvitation(tx, user);
      return detail(tx.db, policy, user);
    });
  },

  /**
   * GDPR erasure of a deleted user: identity fields replaced, traces under the old identifiant and
   * address erased. The id, memberships and history stay, so counts and documents remain consistent.
   */
  async anonymise(ctx: RequestContext, id: number): Promise<UserDetail> {
    const policy = administrator(ctx);
    return inTransaction(ctx, async (tx) => {
      const user = await loadUser(tx.db, id);
      if (user.anonymizedAt) throw invalid('Ce compte est déjà anonymisé.');
      if (user.etat !== 'S')
        throw invalid("Supprimez d'abord ce compte (état « Supprimé ») avant de l'anonymiser.");
      decide(userMachine, user.etat, 'ANONYMISE', may(policy, 'ANONYMISE', user));
      const alias = `anonyme-${user.id}`;
      const now = tx.clock.now();
      const changes = {
        identifiant: alias,
        nom: 'Anonyme',
        prenom: 'Utilisateur',
        email: `${alias}@anonyme.invalid`,
        telephone: null,
        passwordHash: null,
        habilitations: [] as Habilitation[],
        notificationRestauration: false,
        notificationDocuments: false,
        anonymizedAt: now,
      };
      await eraseTraces(tx.db, user, alias, now);
      // An authenticator (its sealed secret, its recovery codes) is the person's too.
      await secondFactorRepository.removeFactors(tx.db, user.id);
      await accountRepository.update(tx.db, user.id, changes, now);
      await authRepository.revokeUserTokens(tx.db, user.id, now);
      await audit.record(tx, {
        action: 'user_anonymised',
        recordType: 'user',
        recordId: user.id,
      });
      return detail(tx.db, policy, { ...user, ...changes, updatedAt: now });
    });
  },

  async history(ctx: RequestContext, id: number): Promise<HistoryEntry[]> {
    administrator(ctx);
    await loadUser(ctx.db, id);
    return historyOf(ctx.db, 'user', id);
  },
};
