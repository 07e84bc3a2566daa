/**
 * Entities and memberships: load → authorize → check → persist, in one transaction. Every change is
 * written to the audit log of the user and of the entity, so both pages show it.
 */
import {
  PROFILES,
  type HistoryEntry,
  type Entity,
  type EntityCreateSchema,
  type EntityDetail,
  type EntityMembershipCreate,
  type EntityPurpose,
  type EntityUpdateSchema,
  type Membership,
  type MembershipUpdateSchema,
  type UserMembershipCreateSchema,
} from '@union/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { hasHabilitation } from '../../lib/authorize';
import { inTransaction, type RequestContext, type TxContext } from '../../lib/context';
import { guardConstraint } from '../../lib/constraints';
import { invalid, notFound, refused } from '../../lib/errors';
import { audit, changedFields } from '../audit/audit';
import { historyOf } from '../users/history';
import { usersRepository } from '../users/repository';
import { createUser } from '../users/invitations';
import { entitiesPolicy } from './policy';
import { presentEntity, presentEntityDetail, presentMembership } from './presenter';
import {
  entitiesRepository,
  MEMBERSHIP_NO_OVERLAP,
  type EntityRow,
  type MembershipWithSides,
} from './repository';
import { membershipMachine, membershipState } from './machine';

type EntityCreate = z.output<typeof EntityCreateSchema>;
type EntityUpdate = z.output<typeof EntityUpdateSchema>;
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

async function loadEntity(ctx: Ctx, id: number) {
  const row = await entitiesRepository.findById(ctx.db, id, ctx.clock.today());
  if (!row) throw notFound("Cette entité n'existe pas.");
  return row;
}

/**
 * The membership named by a call whose path names its user or entity, once the caller may manage it.
 * The rights are checked before anything is said of the membership: a missing one answers 403 to
 * whoever is not an administrator, like one of an entity they do not manage, so a lodge manager
 * learns nothing of other entities; 404 only once the caller may manage what they name.
 */
async function loadManagedMembership(
  ctx: Ctx,
  id: number,
  scope: { userId: number } | { entityId: number },
): Promise<MembershipWithSides> {
  if ('entityId' in scope) entitiesPolicy.manageMembers(ctx.caller, await manages(ctx, scope.entityId));
  const row = await entitiesRepository.findMembership(ctx.db, id);
  entitiesPolicy.manageMembers(ctx.caller, row ? await manages(ctx, row.entityId) : false);
  const inScope = row && ('userId' in scope ? row.userId === scope.userId : row.entityId === scope.entityId);
  if (!row || !inScope) throw notFound("Cette appartenance n'existe pas.");
  return row;
}

/** Whether the caller manages the entity today (a `gestion` membership). */
const manages = (ctx: Ctx, entityId: number) =>
  entitiesRepository.manages(ctx.db, ctx.caller.id, entityId, ctx.clock.today());

type Who = { userId: number; entityId: number; label: string; entite: string };

const alreadyMemberMessage = (who: Who) =>
  `${who.label} est déjà membre de « ${who.entite} » sur cette période.`;
const alreadyMember = (who: Who) => refused('already_member', alreadyMemberMessage(who));

/** Refuses a period that is backwards or overlaps another membership of the user in the entity. */
async function checkPeriod(tx: Executor, fields: MembershipFields, who: Who, exceptId?: number) {
  if (fields.debut && fields.fin && fields.fin < fields.debut)
    throw invalid('La date de fin doit être postérieure ou égale à la date de début.');
  const periods = await entitiesRepository.periodsOf(tx, who.userId, who.entityId);
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
  user: { id: number; nom: string; prenom: string; etat: string },
  entity: EntityRow,
  fields: MembershipFields,
): Promise<Membership> {
  if (entity.etat !== 'A')
    throw invalid(`L'entité « ${entity.nom} » est supprimée : réactivez-la avant d'y ajouter des membres.`);
  if (user.etat === 'S')
    throw invalid("Ce compte est supprimé : réactivez-le avant de l'ajouter à une entité.");
  // A lodge manager finds only active accounts; an inactive one is the administrators' to reactivate.
  // The message does not name the person: the manager could not see this account otherwise.
  if (user.etat === 'I' && !hasHabilitation(tx.caller, 'ADMIN'))
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
    entitiesRepository.insertMembership(tx.db, { ...fields, userId: user.id, entityId: entity.id }),
  );
  await auditMembership(tx, 'membership_added', row, fields.fonction ? { fonction: fields.fonction } : {});
  const created = (await entitiesRepository.findMembership(tx.db, row.id))!;
  return presentMembership(tx.caller, created, true, tx.clock.today());
}

export const entitiesService = {
  /** GET /api/entite/all: every entity, for every signed-in screen that picks one. */
  async all(ctx: RequestContext): Promise<Entity[]> {
    const rows = await entitiesRepository.listAll(ctx.db, ctx.clock.today());
    return rows.map((r) => presentEntity(r.entity, r.nbMembres));
  },

  /** GET /api/user/entites/{purpose}: the caller's entities today for one purpose (a flag of theirs). */
  async mine(ctx: RequestContext, purpose: EntityPurpose) {
    return entitiesRepository.forUser(ctx.db, ctx.caller.id, purpose, ctx.clock.today());
  },

  async infos(ctx: RequestContext, id: number): Promise<EntityDetail> {
    const managed = await manages(ctx, id);
    entitiesPolicy.manageMembers(ctx.caller, managed);
    const row = await loadEntity(ctx, id);
    return presentEntityDetail(ctx.caller, row.entity, row.nbMembres, managed);
  },

  async create(ctx: RequestContext, input: EntityCreate): Promise<EntityDetail> {
    entitiesPolicy.administer(ctx.caller);
    return inTransaction(ctx, async (tx) => {
      await checkEntityUnique(tx.db, input);
      const entity = await entitiesRepository.insert(tx.db, { ...input, etat: 'A' });
      await audit.record(tx, {
        action: 'entity_created',
        recordType: 'entity',
        recordId: entity.id,
        details: { code: entity.code },
      });
      return presentEntityDetail(tx.caller, entity, 0, false);
    });
  },

  /** PUT /api/entite: the Union keeps its type and cannot be deleted (there is exactly one). */
  async update(ctx: RequestContext, input: EntityUpdate): Promise<EntityDetail> {
    entitiesPolicy.administer(ctx.caller);
    return inTransaction(ctx, async (tx) => {
      const { entity, nbMembres } = await loadEntity(tx, input.id);
      if (entity.type === 'UN' && (input.type !== 'UN' || input.etat !== 'A'))
        throw invalid("L'Union ne peut ni changer de type ni être supprimée.");
      await checkEntityUnique(tx.db, input, entity.id);
      const { id: _id, ...changes } = input;
      const champs = changedFields(entity, changes);
      await entitiesRepository.update(tx.db, entity.id, changes);
      if (champs.length)
        await audit.record(tx, {
          action: 'entity_updated',
          recordType: 'entity',
          recordId: entity.id,
          details: { champs },
        });
      const managed = await manages(tx, entity.id);
      return presentEntityDetail(
        tx.caller,
        { ...entity, ...changes, updatedAt: new Date() },
        nbMembres,
        managed,
      );
    });
  },

  async history(ctx: RequestContext, id: number): Promise<HistoryEntry[]> {
    entitiesPolicy.manageMembers(ctx.caller, await manages(ctx, id));
    await loadEntity(ctx, id);
    return historyOf(ctx.db, 'entity', id);
  },

  // -------------------------------------------------------------------------------------------------
  // Memberships

  /** GET /api/entite/{id}/appartenances: every membership of the entity, current ones first. */
  async membershipsOfEntity(ctx: RequestContext, entityId: number): Promise<Membership[]> {
    const managed = await manages(ctx, entityId);
    entitiesPolicy.manageMembers(ctx.caller, managed);
    await loadEntity(ctx, entityId);
    const rows = await entitiesRepository.membershipsOfEntity(ctx.db, entityId);
    return rows.map((m) => presentMembership(ctx.caller, m, managed, ctx.clock.today()));
  },

  /**
   * GET /api/user/{id}/appartenances: an administrator sees all of them; a lodge manager only those
   * of the entities they manage.
   */
  async membershipsOfUser(ctx: RequestContext, userId: number): Promise<Membership[]> {
    const { db, caller } = ctx;
    entitiesPolicy.listUserMemberships(caller);
    const admin = hasHabilitation(caller, 'ADMIN');
    // Only administrators learn whether an account exists; a lodge manager sees an empty list.
    if (admin && !(await usersRepository.findById(db, userId)))
      throw notFound("Cet utilisateur n'existe pas.");
    const today = ctx.clock.today();
    const managed = await entitiesRepository.managedIds(db, caller.id, today);
    const rows = await entitiesRepository.membershipsOfUser(db, userId);
    return rows
      .filter((m) => admin || managed.has(m.entityId))
      .map((m) => presentMembership(caller, m, managed.has(m.entityId), today));
  },

  /** POST /api/user/{id}/appartenances: the user joins the entity of the body. */
  async addToUser(ctx: RequestContext, userId: number, input: UserMembershipCreate): Promise<Membership> {
    entitiesPolicy.manageMembers(ctx.caller, await manages(ctx, input.entiteId));
    return inTransaction(ctx, async (tx) => {
      const user = await usersRepository.findById(tx.db, userId);
      if (!user) throw notFound("Cet utilisateur n'existe pas.");
      const { entity } = await loadEntity(tx, input.entiteId);
      const { entiteId: _e, ...fields } = input;
      return addMembership(tx, user, entity, fields);
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
    entitiesPolicy.manageMembers(ctx.caller, await manages(ctx, entityId));
    return inTransaction(ctx, async (tx) => {
      const { entity } = await loadEntity(tx, entityId);
      const { userId, nouveau, ...fields } = input as EntityMembershipCreate & MembershipFields;
      if (nouveau && entity.etat !== 'A')
        throw invalid(
          `L'entité « ${entity.nom} » est supprimée : réactivez-la avant d'y ajouter des membres.`,
        );
      const user = nouveau
        ? await createUser(tx, { ...nouveau, email: nouveau.email, habilitations: PROFILES.Membre! })
        : await usersRepository.findById(tx.db, userId!);
      if (!user) throw notFound("Cet utilisateur n'existe pas.");
      return addMembership(tx, user, entity, fields);
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
      const m = await loadManagedMembership(tx, input.id, scope);
      const { id, ...fields } = input;
      const who = {
        userId: m.userId,
        entityId: m.entityId,
        label: `${m.prenom} ${m.nom}`,
        entite: m.entiteNom,
      };
      await checkPeriod(tx.db, fields, who, id);
      const champs = changedFields(m, fields);
      await writeMembership(who, () => entitiesRepository.updateMembership(tx.db, id, fields));
      if (champs.length) await auditMembership(tx, 'membership_updated', m, { champs });
      const managed = await manages(tx, m.entityId);
      return presentMembership(tx.caller, { ...m, ...fields }, managed, tx.clock.today());
    });
  },

  /**
   * DELETE /api/user/{id}/appartenances/{id}: ends the membership at once (its last day is yesterday,
   * so it stops counting today and stays in the history). One that had not started is removed.
   */
  async endMembership(ctx: RequestContext, userId: number, membershipId: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const m = await loadManagedMembership(tx, membershipId, { userId });
      const today = tx.clock.today();
      if (!membershipMachine.can(membershipState(m, today), 'END')) {
        throw invalid('Cette appartenance est déjà terminée.');
      }
      const yesterday = dayBefore(today);
      if (m.debut !== null && m.debut > yesterday) {
        await entitiesRepository.deleteMembership(tx.db, m.id);
        await auditMembership(tx, 'membership_removed', m);
      } else {
        await entitiesRepository.updateMembership(tx.db, m.id, { fin: yesterday });
        await auditMembership(tx, 'membership_ended', m, { fin: yesterday });
      }
    });
  },
};

/** A free code, and at most one Union. */
async function checkEntityUnique(tx: Executor, input: { code: string; type: string }, exceptId?: number) {
  const sameCode = await entitiesRepository.findByCode(tx, input.code);
  if (sameCode && sameCode.id !== exceptId)
    throw invalid(`Le code « ${input.code} » est déjà utilisé par l'entité « ${sameCode.nom} ».`);
  if (input.type === 'UN') {
    const union = await entitiesRepository.findUnion(tx);
    if (union && union.id !== exceptId)
      throw invalid("L'Union existe déjà : il ne peut y avoir qu'une entité de type « L'Union ».");
  }
}
