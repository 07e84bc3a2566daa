/** The signed-in user's own account: identity, contact details, password, notification flags. */
import type {
  UserSearchSchema,
  Account,
  HistoryEntry,
  Habilitation,
  PersonalData,
  UserDetail,
  UserSearchResult,
  UserPickResult,
  UserUpdateSchema,
} from '@union/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { guardConstraint, refusalOf, violates, type Refusal } from '../../lib/constraints';
import { inTransaction, type RequestContext } from '../../lib/context';
import { forbidden, invalid, notFound, unauthenticated } from '../../lib/errors';
import { checkNewPassword } from '../../lib/passwords';
import { hashPassword, newToken, tokenHash, verifyPassword } from '../../lib/secrets';
import { authRepository } from '../auth/repository';
import { INVITATION_LINK_TTL_MS } from '../auth/rules';
import { membershipTerms } from '../entities/presenter';
import { entitiesRepository } from '../entities/repository';
import { restaurantRepository } from '../restaurant/repository';
import { mailRepository } from '../mail/repository';
import { invitationEmail } from '../mail/templates';
import { audit, changedFields } from '../audit/audit';
import { historyOf } from './history';
import { actionToReach, userMachine } from './machine';
import { usersPolicy } from './policy';
import { presentUserDetail, presentUserPick, presentUserRow } from './presenter';
import { assignIdentifiants, baseIdentifiant } from './identifiants';
import { USER_UNIQUE, usersRepository, type NewUser, type UserRow } from './repository';

/** The request context on the database or inside a transaction: helpers run on either. */
type Ctx = RequestContext<Executor>;

async function load({ db, caller }: Ctx): Promise<UserRow> {
  const user = await usersRepository.findById(db, caller.id);
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
});

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
      await usersRepository.update(tx.db, user.id, { passwordHash: await hashPassword(next) });
      await usersRepository.revokeTokens(
        tx.db,
        user.id,
        new Date(),
        // Without its own token (never the case behind the bearer check) no session is kept.
        currentToken === undefined ? '' : tokenHash(currentToken),
      );
      await usersRepository.spendLinks(tx.db, user.id);
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
    const owner = await usersRepository.findByEmail(db, email);
    if (owner && owner.id !== user.id)
      throw invalid('Cette adresse e-mail est déjà utilisée par un autre compte.');
    return inTransaction(ctx, async (tx) => {
      await guardConstraint(
        () => usersRepository.update(tx.db, user.id, { email }),
        raceRefusals({ identifiant: user.identifiant, email }),
      );
      // Links already mailed went to the old address.
      await usersRepository.spendLinks(tx.db, user.id);
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
      await usersRepository.update(tx.db, user.id, { telephone: value });
      await audit.record(tx, {
        action: 'telephone_changed',
        recordType: 'user',
        recordId: user.id,
      });
    });
    return toAccount({ ...user, telephone: value });
  },

  async setNotification(
    ctx: RequestContext,
    kind: 'restauration' | 'documents',
    on: boolean,
  ): Promise<Account> {
    const { db } = ctx;
    const user = await load(ctx);
    const changes =
      kind === 'restauration' ? { notificationRestauration: on } : { notificationDocuments: on };
    await usersRepository.update(db, user.id, changes);
    return toAccount({ ...user, ...changes });
  },
};

// ---------------------------------------------------------------------------------------------------
// Administration of users (issue 3)

export interface CreateUserInput {
  identifiant?: string;
  nom: string;
  prenom: string;
  email: string;
  telephone?: string | null;
  habilitations: readonly Habilitation[];
}

/**
 * The 412s for a unique violation of the users table: another request took the identifiant or the
 * address between the service's check and the write (guardConstraint lets any other error through).
 */
function raceRefusals(fields: { identifiant: string; email: string }): Record<string, Refusal> {
  return {
    [USER_UNIQUE.identifiant]: {
      code: 'identifiant_taken',
      message: `L'identifiant « ${fields.identifiant} » vient d'être pris par un autre compte : choisissez-en un autre.`,
    },
    [USER_UNIQUE.email]: {
      code: 'email_taken',
      message: `L'adresse e-mail ${fields.email} vient d'être prise par un autre compte.`,
    },
  };
}

/**
 * How many derived identifiants one creation tries before giving up: one per homonym created at the
 * same instant, far more than a lodge ever creates at once.
 */
const DERIVE_ATTEMPTS = 50;

/**
 * Inserts a user under a free identifiant "prenom.nom", then "prenom.nom2", "prenom.nom3"… Reading the
 * free name and writing it are two statements: a concurrent creation of a homonym can take the same
 * name in between. The unique index on lower(identifiant) is the judge: each attempt runs in a
 * savepoint, and when the index refuses it (the other creation committed that name), the next suffix
 * is tried, so every homonym gets a distinct identifiant and none gets a 412.
 */
async function insertWithDerivedIdentifiant(
  tx: Executor,
  fields: Omit<NewUser, 'identifiant'>,
  prenom: string,
  nom: string,
): Promise<UserRow> {
  const refused = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const taken = await usersRepository.takenIdentifiants(tx, baseIdentifiant(prenom, nom));
    for (const name of refused) taken.add(name);
    const identifiant = assignIdentifiants([{ prenom, nom }], taken)[0]!;
    try {
      return await tx.transaction((savepoint) =>
        usersRepository.insert(savepoint, { ...fields, identifiant }),
      );
    } catch (error) {
      if (!violates(error, USER_UNIQUE.identifiant) || attempt >= DERIVE_ATTEMPTS)
        throw await refusalOf(error, raceRefusals({ identifiant, email: fields.email }));
      refused.add(identifiant.toLowerCase());
    }
  }
}

/** Writes a new invitation link (7 days) and its e-mail, in the caller's transaction. */
async function sendInvitation(tx: Ctx, user: UserRow): Promise<void> {
  // Only the newest link works: an older one may sit in a mailbox that is no longer the user's.
  await usersRepository.spendLinks(tx.db, user.id);
  const token = newToken();
  await authRepository.insertUserToken(tx.db, {
    tokenHash: tokenHash(token),
    userId: user.id,
    purpose: 'invitation',
    expiresAt: new Date(Date.now() + INVITATION_LINK_TTL_MS),
  });
  const link = `${tx.publicUrl}/reinitialiser-mdp?jeton=${encodeURIComponent(token)}`;
  await mailRepository.enqueue(tx.db, invitationEmail(user.email, user.prenom, user.identifiant, link));
  await audit.record(tx, {
    action: 'invitation_sent',
    recordType: 'user',
    recordId: user.id,
  });
}

/**
 * Creates an active user without a password and e-mails an invitation to choose one (valid 7 days),
 * all inside the caller's transaction: the import calls it once per created row. Refuses (412) a taken
 * identifiant or e-mail; derives "prenom.nom" when no identifiant is given.
 */
export async function createUser(tx: Ctx, input: CreateUserInput): Promise<UserRow> {
  const email = input.email.trim();
  if (await usersRepository.findByEmail(tx.db, email))
    throw invalid(`L'adresse e-mail ${email} est déjà utilisée par un autre compte.`);
  const fields = {
    nom: input.nom.trim(),
    prenom: input.prenom.trim(),
    email,
    telephone: input.telephone || null,
    habilitations: [...new Set(input.habilitations)],
    etat: 'A' as const,
  };
  const identifiant = input.identifiant?.trim();
  let user: UserRow;
  if (identifiant) {
    if (await usersRepository.findByIdentifiant(tx.db, identifiant))
      throw invalid(`L'identifiant « ${identifiant} » est déjà pris : choisissez-en un autre.`);
    // A name chosen by the administrator is theirs to change: no other name is picked for them.
    user = await guardConstraint(
      () => usersRepository.insert(tx.db, { ...fields, identifiant }),
      raceRefusals({ identifiant, email }),
    );
  } else {
    user = await insertWithDerivedIdentifiant(tx.db, fields, input.prenom, input.nom);
  }
  await audit.record(tx, {
    action: 'user_created',
    recordType: 'user',
    recordId: user.id,
    details: { identifiant: user.identifiant, habilitations: user.habilitations },
  });
  await sendInvitation(tx, user);
  return user;
}

async function loadUser(db: Executor, id: number): Promise<UserRow> {
  const user = await usersRepository.findById(db, id);
  if (!user) throw notFound("Cet utilisateur n'existe pas.");
  return user;
}

type UserUpdate = z.output<typeof UserUpdateSchema>;

/** A whole e-mail address typed in the search (one word, one @, a dot in the domain). */
const EXACT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type UserSearchCriteria = z.output<typeof UserSearchSchema>;

export const usersAdminService = {
  /**
   * POST /api/user/search. Administrators search every account. A lodge manager finds only active
   * accounts that are current members of the entities they manage, or the one whose e-mail is exactly
   * the text typed (to add someone from elsewhere), never browsing the others; their rows hold only what
   * the picker shows. Filtering on an entity they do not manage, or on a habilitation, is refused.
   */
  async search(
    ctx: RequestContext,
    criteria: UserSearchCriteria,
  ): Promise<UserSearchResult | UserPickResult> {
    const { db, caller } = ctx;
    usersPolicy.search(caller);
    const today = ctx.clock.today();
    if (!usersPolicy.searchLimitedToActive(caller)) {
      const { rows, ...count } = await usersRepository.search(db, criteria, today);
      return { ...count, page: criteria.page, taille: criteria.taille, lignes: rows.map(presentUserRow) };
    }
    const managed = await entitiesRepository.managedIds(db, caller.id, today);
    if (criteria.entiteId !== undefined && !managed.has(criteria.entiteId))
      throw forbidden('Vous ne gérez pas cette entité : vous ne pouvez pas en chercher les membres.');
    if (criteria.habilitation !== undefined)
      throw forbidden('Seul un administrateur peut chercher les comptes par habilitation.');
    const texte = criteria.texte?.trim() ?? '';
    const c = {
      ...criteria,
      etat: 'A' as const,
      // Sorting by identifiant, e-mail or creation would reveal what the rows do not show.
      tri: criteria.tri === 'prenom' ? ('prenom' as const) : ('nom' as const),
      scope: {
        entityIds: [...managed],
        // Only for someone who manages an entity (they would add the person to it), with no entity filter.
        exactEmail:
          managed.size && criteria.entiteId === undefined && EXACT_EMAIL.test(texte) ? texte : undefined,
      },
    };
    const { rows, ...count } = await usersRepository.search(db, c, today);
    return { ...count, page: c.page, taille: c.taille, lignes: rows.map(presentUserPick) };
  },

  async infos(ctx: RequestContext, id: number): Promise<UserDetail> {
    const { db, caller } = ctx;
    usersPolicy.administer(caller);
    return presentUserDetail(caller, await loadUser(db, id));
  },

  async create(ctx: RequestContext, input: CreateUserInput): Promise<UserDetail> {
    const { caller } = ctx;
    usersPolicy.administer(caller);
    const user = await inTransaction(ctx, (tx) => createUser(tx, input));
    return presentUserDetail(caller, user);
  },

  /**
   * PUT /api/user: identity, habilitations and state. Moving to I or S closes every session of the
   * user at once. An administrator cannot deactivate, delete or remove ADMIN from themself.
   */
  async update(ctx: RequestContext, input: UserUpdate): Promise<UserDetail> {
    const { caller } = ctx;
    usersPolicy.administer(caller);
    return inTransaction(ctx, async (tx) => {
      const user = await loadUser(tx.db, input.id);
      if (user.anonymizedAt) throw invalid('Ce compte a été anonymisé : il ne peut plus être modifié.');
      const self = caller.id === user.id;
      if (self && input.etat !== 'A')
        throw invalid('Vous ne pouvez pas désactiver ni supprimer votre propre compte.');
      if (self && !input.habilitations.includes('ADMIN'))
        throw invalid("Vous ne pouvez pas retirer l'habilitation Administration de votre propre compte.");
      const action = actionToReach(user.etat, input.etat);
      const etat = action ? userMachine.next(user.etat, action) : user.etat;

      const byEmail = await usersRepository.findByEmail(tx.db, input.email);
      if (byEmail && byEmail.id !== user.id)
        throw invalid(`L'adresse e-mail ${input.email} est déjà utilisée par un autre compte.`);
      const byIdentifiant = await usersRepository.findByIdentifiant(tx.db, input.identifiant);
      if (byIdentifiant && byIdentifiant.id !== user.id)
        throw invalid(`L'identifiant « ${input.identifiant} » est déjà pris : choisissez-en un autre.`);

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
        () => usersRepository.update(tx.db, user.id, { ...identity, habilitations, etat }),
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
        await usersRepository.spendLinks(tx.db, user.id);
      if (etat !== user.etat) {
        await record('user_state_changed', { avant: user.etat, apres: etat });
        if (etat !== 'A') await usersRepository.revokeTokens(tx.db, user.id);
      }
      return presentUserDetail(caller, { ...user, ...identity, habilitations, etat, updatedAt: new Date() });
    });
  },

  /** A new invitation link for an active user who has not chosen a password yet. */
  async resendInvitation(ctx: RequestContext, id: number): Promise<UserDetail> {
    const { caller } = ctx;
    usersPolicy.administer(caller);
    return inTransaction(ctx, async (tx) => {
      const user = await loadUser(tx.db, id);
      if (user.etat !== 'A' || user.passwordHash !== null)
        throw invalid(
          "L'invitation ne peut être renvoyée qu'à un compte actif qui n'a pas encore de mot de passe.",
        );
      await sendInvitation(tx, user);
      return presentUserDetail(caller, user);
    });
  },

  /**
   * GDPR erasure of a deleted user: identity fields replaced, traces under the old identifiant and
   * address erased. The id, memberships and history stay, so counts and documents remain consistent.
   */
  async anonymise(ctx: RequestContext, id: number): Promise<UserDetail> {
    const { caller } = ctx;
    usersPolicy.administer(caller);
    return inTransaction(ctx, async (tx) => {
      const user = await loadUser(tx.db, id);
      if (user.anonymizedAt) throw invalid('Ce compte est déjà anonymisé.');
      if (user.etat !== 'S')
        throw invalid("Supprimez d'abord ce compte (état « Supprimé ») avant de l'anonymiser.");
      userMachine.next(user.etat, 'ANONYMISE');
      const alias = `anonyme-${user.id}`;
      const now = new Date();
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
      await usersRepository.eraseTraces(tx.db, user, alias);
      await usersRepository.update(tx.db, user.id, changes);
      await usersRepository.revokeTokens(tx.db, user.id, now);
      await audit.record(tx, {
        action: 'user_anonymised',
        recordType: 'user',
        recordId: user.id,
      });
      return presentUserDetail(caller, { ...user, ...changes, updatedAt: now });
    });
  },

  async history(ctx: RequestContext, id: number): Promise<HistoryEntry[]> {
    const { db, caller } = ctx;
    usersPolicy.administer(caller);
    await loadUser(db, id);
    return historyOf(db, 'user', id);
  },

  /** GDPR: everything kept about the signed-in user, as JSON they can download from their account. */
  async personalData(ctx: RequestContext): Promise<PersonalData> {
    const user = await load(ctx);
    return inTransaction(ctx, async (tx) => {
      const [memberships, entries, signIns, emails] = [
        await entitiesRepository.membershipsOfUser(tx.db, user.id),
        await usersRepository.auditAbout(tx.db, user.id),
        await usersRepository.signInsOf(tx.db, user.identifiant),
        await usersRepository.emailsTo(tx.db, user.email),
      ];
      const orders = await restaurantRepository.ordersOfUser(tx.db, user.id);
      const movements = await restaurantRepository.movementsOfUser(tx.db, user.id);
      const topUps = await restaurantRepository.topUpsOfUser(tx.db, user.id);
      await audit.record(tx, {
        action: 'personal_data_exported',
        recordType: 'user',
        recordId: user.id,
      });
      return {
        exporteLe: new Date().toISOString(),
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
