/**
 * Memberships: who belongs to which entity, when, and with which flags, seen from the entity or from
 * the user; adding an existing or a new member, correcting a membership, ending one
 * (`membershipMachine`). Every change is written to the audit log of the user and of the entity, so
 * both pages show it.
 */
import {
  PROFILES,
  type EntityMembershipCreate,
  type Membership,
  type MembershipUpdateSchema,
  type UserMembershipCreateSchema,
} from '@union/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { authorize } from '../../lib/authorize';
import { guardConstraint } from '../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../lib/context';
import { invalid, notFound, refused } from '../../lib/errors';
import { audit, changedFields } from '../audit/audit';
import { createUser } from '../invitations/service';
import { userMachine } from '../users/machine';
import { may as mayUser, usersPolicyContext } from '../users/policy';
import { accountRepository, type UserRow } from '../users/account-repository';
import { loadEntitiesPolicyContext, loadEntity } from './entities-service';
import { entityMachine, membershipMachine, membershipState, type MembershipAction } from './machine';
import { may, mayMembership, type EntitiesPolicyContext } from './policy';
import { presentMembership } from './presenter';
import {
  membershipRepository,
  MEMBERSHIP_NO_OVERLAP,
  type MembershipWithSides,
} from './membership-repository';
import { type EntityRow } from './entity-repository';

type MembershipFields = Omit<z.output<typeof MembershipUpdateSchema>, 'id'>;
type UserMembershipCreate = z.output<typeof UserMembershipCreateSchema>;

/** The day before a yyyy-mm-dd day. */
const dayBefore = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** Whether two periods (null = open) share at least one day. */
const overlaps = (
  a: { debut: string | null; fin: string | null },
  b: { debut: string | null; fin: string | null },
) =>
  (a.debut === null || b.fin === null || a.debut <= b.fin) &&
  (b.debut === null || a.fin === null || b.debut <= a.fin);

/** The request context on the database or inside a transaction: helpers run on either. */
type Ctx = RequestContext<Executor>;

/**
 * The membership named by a call whose path names its user or entity, once the caller may manage it.
 * The rights are checked before anything is said of the membership: a missing one answers 403 to
 * whoever is not an administrator, like one of an entity they do not manage, so a lodge manager
 * learns nothing of other entities; 404 only once the caller may manage what they name.
 */
async function loadManagedMembership(
  ctx: Ctx,
  policy: EntitiesPolicyContext,
  action: MembershipAction,
  id: number,
  scope: { userId: number } | { entityId: number },
): Promise<MembershipWithSides> {
  if ('entityId' in scope) authorize(mayMembership(policy, action, scope));
  const row = await membershipRepository.findMembership(ctx.db, id);
  authorize(mayMembership(policy, action, row ?? null));
  const inScope = row && ('userId' in scope ? row.userId === scope.userId : row.entityId === scope.entityId);
  if (!row || !inScope) throw notFound("Cette appartenance n'existe pas.");
  return row;
}

type Who = { userId: number; entityId: number; label: string; entite: string };

const alreadyMemberMessage = (who: Who) =>
  `${who.label} est déjà membre de « ${who.entite} » sur cette période.`;
const alreadyMember = (who: Who) => refused('already_member', alreadyMemberMessage(who));

/** Refuses a period that is backwards or overlaps another membership of the user in the entity. */
async function checkPeriod(tx: Executor, fields: MembershipFields, who: Who, exceptId?: number) {
  if (fields.debut && fields.fin && fields.fin < fields.debut)
    throw invalid('La date de fin doit être postérieure ou égale à la date de début.');
  const periods = await membershipRepository.periodsOf(tx, who.userId, who.entityId);
  if (periods.some((p) => p.id !== exceptId && overlaps(p, fields))) throw alreadyMember(who);
}

/**
 * Runs a membership write. `checkPeriod` reads before writing, so two requests at once could both
 * pass it; the database's exclusion constraint refuses the second, which answers the same 412.
 */
function writeMembership<T>(who: Who, write: () => Promise<T>): Promise<T> {
  return guardConstraint(write, {
    [MEMBERSHIP_NO_OVERLAP]: { code: 'already_member', message: alreadyMemberMessage(who) },
  });
}

/** Writes one change of membership to the histories of both the user and the entity. */
async function auditMembership(
  tx: TxContext,
  action: string,
  m: { userId: number; entityId: number; id: number },
  details: Record<string, unknown> = {},
) {
  await audit.record(tx, {
    action,
    recordType: 'user',
    recordId: m.userId,
    details: { ...details, entiteId: m.entityId, appartenanceId: m.id },
  });
  await audit.record(tx, {
    action,
    recordType: 'entity',
    recordId: m.entityId,
    details: { ...details, userId: m.userId, appartenanceId: m.id },
  });
}

/** Adds a user to an entity after the checks every path shares. */
async function addMembership(
  tx: TxContext,
  policy: EntitiesPolicyContext,
  user: UserRow,
  entity: EntityRow,
  fields: MembershipFields,
): Promise<Membership> {
  if (!entityMachine.can(entity.etat, 'ADD_MEMBER')) throw deletedEntity(entity);
  if (!userMachine.can(user.etat, 'ADD_MEMBERSHIP'))
    throw invalid("Ce compte est supprimé : réactivez-le avant de l'ajouter à une entité.");
  // A lodge manager finds only active accounts; an inactive one is the administrators' to reactivate.
  // The message does not name the person: the manager could not see this account otherwise.
  if (user.etat === 'I' && !mayUser(usersPolicyContext(tx), 'ACTIVATE', user))
    throw invalid(
      "Ce compte est désactivé : demandez à un administrateur de le réactiver avant de l'ajouter à votre entité.",
    );
  const who = {
    userId: user.id,
    entityId: entity.id,
    label: `${user.prenom} ${user.nom}`,
    entite: entity.nom,
  };
  await checkPeriod(tx.db, fields, who);
  const row = await writeMembership(who, () =>
    membershipRepository.insertMembership(
      tx.db,
      { ...fields, userId: user.id, entityId: entity.id },
      tx.clock.now(),
    ),
  );
  await auditMembership(tx, 'membership_added', row, fields.fonction ? { fonction: fields.fonction } : {});
  const created = (await membershipRepository.findMembership(tx.db, row.id))!;
  return presentMembership(policy, created, tx.clock.today());
}

/** What a lodge manager reads when the account they name is not one they may add. */
const UNKNOWN_PERSON =
  "Personne de ce numéro parmi les membres de vos entités : pour ajouter quelqu'un d'ailleurs, saisissez son adresse e-mail exacte.";

/**
 * The existing account a membership call names, once the caller may name it. An administrator names
 * any account. A lodge manager names only the people of the entities they manage (whatever the period
 * of their membership: the entity's list shows them all), or the one account whose e-mail is exactly
 * the one given, the rule of their search: anyone else answers the same 404 as a missing account, so
 * the answer, which names the person, tells them nothing they could not already see.
 */
async function loadNamedUser(
  tx: TxContext,
  policy: EntitiesPolicyContext,
  userId: number,
  email: string | undefined,
): Promise<UserRow> {
  const user = await accountRepository.findById(tx.db, userId);
  if (mayUser(usersPolicyContext(tx), 'ADMINISTER', null)) {
    if (!user) throw notFound("Cet utilisateur n'existe pas.");
    return user;
  }
  if (!user) throw notFound(UNKNOWN_PERSON);
  if (email !== undefined && email.toLowerCase() === user.email.toLowerCase()) return user;
  const theirs = await membershipRepository.membershipsOfUser(tx.db, user.id);
  if (theirs.some((m) => policy.manages.has(m.entityId))) return user;
  throw notFound(UNKNOWN_PERSON);
}

const deletedEntity = (entity: EntityRow) =>
  invalid(`L'entité « ${entity.nom} » est supprimée : réactivez-la avant d'y ajouter des membres.`);

export const membershipsService = {
  /** GET /api/entite/{id}/appartenances: every membership of the entity, current ones first. */
  async membershipsOfEntity(ctx: RequestContext, entityId: number): Promise<Membership[]> {
    const policy = await loadEntitiesPolicyContext(ctx);
    authorize(may(policy, 'MEMBERS', { id: entityId }));
    await loadEntity(ctx, entityId);
    const rows = await membershipRepository.membershipsOfEntity(ctx.db, entityId);
    return rows.map((m) => presentMembership(policy, m, ctx.clock.today()));
  },

  /**
   * GET /api/user/{id}/appartenances: an administrator sees all of them; a lodge manager only those
   * of the entities they manage.
   */
  async membershipsOfUser(ctx: RequestContext, userId: number): Promise<Membership[]> {
    const policy = await loadEntitiesPolicyContext(ctx);
    authorize(mayMembership(policy, 'LIST_OF_USER', null));
    // Only administrators learn whether an account exists; a lodge manager sees an empty list.
    if (
      mayUser(usersPolicyContext(ctx), 'ADMINISTER', null) &&
      !(await accountRepository.findById(ctx.db, userId))
    )
      throw notFound("Cet utilisateur n'existe pas.");
    const today = ctx.clock.today();
    const rows = await membershipRepository.membershipsOfUser(ctx.db, userId);
    return rows
      .filter((m) => mayMembership(policy, 'READ', m))
      .map((m) => presentMembership(policy, m, today));
  },

  /** POST /api/user/{id}/appartenances: the user joins the entity of the body. */
  async addToUser(ctx: RequestContext, userId: number, input: UserMembershipCreate): Promise<Membership> {
    const policy = await loadEntitiesPolicyContext(ctx);
    authorize(may(policy, 'ADD_MEMBER', { id: input.entiteId }));
    return inTransaction(ctx, async (tx) => {
      const { entiteId: _e, email, ...fields } = input;
      const user = await loadNamedUser(tx, policy, userId, email);
      const { entity } = await loadEntity(tx, input.entiteId);
      return addMembership(tx, policy, user, entity, fields);
    });
  },

  /**
   * POST /api/entite/{id}/appartenances: adds an existing user, or creates a new member with the
   * Membre profile (and an invitation e-mail) and adds them, in one transaction.
   */
  async addToEntity(
    ctx: RequestContext,
    entityId: number,
    input: EntityMembershipCreate,
  ): Promise<Membership> {
    const policy = await loadEntitiesPolicyContext(ctx);
    authorize(may(policy, 'ADD_MEMBER', { id: entityId }));
    return inTransaction(ctx, async (tx) => {
      const { entity } = await loadEntity(tx, entityId);
      const { userId, nouveau, email, ...fields } = input as EntityMembershipCreate & MembershipFields;
      // Before creating the account, which would otherwise be left without its entity.
      if (nouveau && !entityMachine.can(entity.etat, 'ADD_MEMBER')) throw deletedEntity(entity);
      const user = nouveau
        ? await createUser(tx, { ...nouveau, email: nouveau.email, habilitations: PROFILES.Membre })
        : await loadNamedUser(tx, policy, userId!, email);
      return addMembership(tx, policy, user, entity, fields);
    });
  },

  /**
   * PUT /api/user/{id}/appartenances and PUT /api/entite/{id}/appartenances: the membership must
   * belong to the user (or entity) of the path.
   */
  async updateMembership(
    ctx: RequestContext,
    scope: { userId: number } | { entityId: number },
    input: z.output<typeof MembershipUpdateSchema>,
  ): Promise<Membership> {
    return inTransaction(ctx, async (tx) => {
      const m = await loadManagedMembership(tx, await loadEntitiesPolicyContext(tx), 'EDIT', input.id, scope);
      const { id, ...fields } = input;
      const who = {
        userId: m.userId,
        entityId: m.entityId,
        label: `${m.prenom} ${m.nom}`,
        entite: m.entiteNom,
      };
      await checkPeriod(tx.db, fields, who, id);
      const champs = changedFields(m, fields);
      await writeMembership(who, () =>
        membershipRepository.updateMembership(tx.db, id, fields, tx.clock.now()),
      );
      if (champs.length) await auditMembership(tx, 'membership_updated', m, { champs });
      // Read again: the caller may have just changed their own `gestion` flag.
      const after = await loadEntitiesPolicyContext(tx);
      return presentMembership(after, { ...m, ...fields }, tx.clock.today());
    });
  },

  /**
   * DELETE /api/user/{id}/appartenances/{id}: ends the membership at once (its last day is yesterday,
   * so it stops counting today and stays in the history). One that had not started is removed.
   */
  async endMembership(ctx: RequestContext, userId: number, membershipId: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const m = await loadManagedMembership(tx, await loadEntitiesPolicyContext(tx), 'END', membershipId, {
        userId,
      });
      const today = tx.clock.today();
      if (!membershipMachine.can(membershipState(m, today), 'END')) {
        throw invalid('Cette appartenance est déjà terminée.');
      }
      const yesterday = dayBefore(today);
      if (m.debut !== null && m.debut > yesterday) {
        await membershipRepository.deleteMembership(tx.db, m.id);
        await auditMembership(tx, 'membership_removed', m);
      } else {
        await membershipRepository.updateMembership(tx.db, m.id, { fin: yesterday }, tx.clock.now());
        await auditMembership(tx, 'membership_ended', m, { fin: yesterday });
      }
    });
  },
};
