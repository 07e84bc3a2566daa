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
  type EntityUpdateSchema,
  type Membership,
  type MembershipUpdateSchema,
  type UserMembershipCreateSchema,
} from '@union/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { hasHabilitation, type Caller } from '../../lib/authorize';
import { parisDay } from '../../lib/dates';
import { guardConstraint } from '../../lib/constraints';
import { invalid, notFound, refused } from '../../lib/errors';
import { auditRepository } from '../audit/repository';
import { changedFields } from '../audit/audit';
import { historyOf } from '../users/history';
import { usersRepository } from '../users/repository';
import { createUser } from '../users/service';
import { entitiesPolicy } from './policy';
import { presentEntity, presentEntityDetail, presentMembership } from './presenter';
import {
  entitiesRepository,
  MEMBERSHIP_NO_OVERLAP,
  type EntityRow,
  type MembershipWithSides,
} from './repository';

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

async function loadEntity(db: Executor, id: number) {
  const row = await entitiesRepository.findById(db, id, parisDay());
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
  db: Executor,
  caller: Caller,
  id: number,
  scope: { userId: number } | { entityId: number },
): Promise<MembershipWithSides> {
  if ('entityId' in scope) entitiesPolicy.manageMembers(caller, await manages(db, caller, scope.entityId));
  const row = await entitiesRepository.findMembership(db, id);
  entitiesPolicy.manageMembers(caller, row ? await manages(db, caller, row.entityId) : false);
  const inScope = row && ('userId' in scope ? row.userId === scope.userId : row.entityId === scope.entityId);
  if (!row || !inScope) throw notFound("Cette appartenance n'existe pas.");
  return row;
}

/** Whether the caller manages the entity today (a `gestion` membership). */
const manages = (db: Executor, caller: Caller, entityId: number) =>
  entitiesRepository.manages(db, caller.id, entityId, parisDay());

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
  tx: Executor,
  actorId: number,
  action: string,
  m: { userId: number; entityId: number; id: number },
  details: Record<string, unknown> = {},
) {
  await auditRepository.record(tx, {
    actorId,
    action,
    recordType: 'user',
    recordId: m.userId,
    details: { ...details, entiteId: m.entityId, appartenanceId: m.id },
  });
  await auditRepository.record(tx, {
    actorId,
    action,
    recordType: 'entity',
    recordId: m.entityId,
    details: { ...details, userId: m.userId, appartenanceId: m.id },
  });
}

/** Adds a user to an entity after the checks every path shares. */
async function addMembership(
  tx: Executor,
  caller: Caller,
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
  if (user.etat === 'I' && !hasHabilitation(caller, 'ADMIN'))
    throw invalid(
      "Ce compte est désactivé : demandez à un administrateur de le réactiver avant de l'ajouter à votre entité.",
    );
  const who = {
    userId: user.id,
    entityId: entity.id,
    label: `${user.prenom} ${user.nom}`,
    entite: entity.nom,
  };
  await checkPeriod(tx, fields, who);
  const row = await writeMembership(who, () =>
    entitiesRepository.insertMembership(tx, { ...fields, userId: user.id, entityId: entity.id }),
  );
  await auditMembership(
    tx,
    caller.id,
    'membership_added',
    row,
    fields.fonction ? { fonction: fields.fonction } : {},
  );
  const created = (await entitiesRepository.findMembership(tx, row.id))!;
  return presentMembership(caller, created, true, parisDay());
}

export const entitiesService = {
  /** GET /api/entite/all: every entity, for every signed-in screen that picks one. */
  async all(db: Database): Promise<Entity[]> {
    const rows = await entitiesRepository.listAll(db, parisDay());
    return rows.map((r) => presentEntity(r.entity, r.nbMembres));
  },

  async infos(db: Database, caller: Caller, id: number): Promise<EntityDetail> {
    const managed = await manages(db, caller, id);
    entitiesPolicy.manageMembers(caller, managed);
    const row = await loadEntity(db, id);
    return presentEntityDetail(caller, row.entity, row.nbMembres, managed);
  },

  async create(db: Database, caller: Caller, input: EntityCreate): Promise<EntityDetail> {
    entitiesPolicy.administer(caller);
    return db.transaction(async (tx) => {
      await checkEntityUnique(tx, input);
      const entity = await entitiesRepository.insert(tx, { ...input, etat: 'A' });
      await auditRepository.record(tx, {
        actorId: caller.id,
        action: 'entity_created',
        recordType: 'entity',
        recordId: entity.id,
        details: { code: entity.code },
      });
      return presentEntityDetail(caller, entity, 0, false);
    });
  },

  /** PUT /api/entite: the Union keeps its type and cannot be deleted (there is exactly one). */
  async update(db: Database, caller: Caller, input: EntityUpdate): Promise<EntityDetail> {
    entitiesPolicy.administer(caller);
    return db.transaction(async (tx) => {
      const { entity, nbMembres } = await loadEntity(tx, input.id);
      if (entity.type === 'UN' && (input.type !== 'UN' || input.etat !== 'A'))
        throw invalid("L'Union ne peut ni changer de type ni être supprimée.");
      await checkEntityUnique(tx, input, entity.id);
      const { id: _id, ...changes } = input;
      const champs = changedFields(entity, changes);
      await entitiesRepository.update(tx, entity.id, changes);
      if (champs.length)
        await auditRepository.record(tx, {
          actorId: caller.id,
          action: 'entity_updated',
          recordType: 'entity',
          recordId: entity.id,
          details: { champs },
        });
      const managed = await manages(tx, caller, entity.id);
      return presentEntityDetail(
        caller,
        { ...entity, ...changes, updatedAt: new Date() },
        nbMembres,
        managed,
      );
    });
  },

  async history(db: Database, caller: Caller, id: number): Promise<HistoryEntry[]> {
    entitiesPolicy.manageMembers(caller, await manages(db, caller, id));
    await loadEntity(db, id);
    return historyOf(db, 'entity', id);
  },

  // -------------------------------------------------------------------------------------------------
  // Memberships

  /** GET /api/entite/{id}/appartenances: every membership of the entity, current ones first. */
  async membershipsOfEntity(db: Database, caller: Caller, entityId: number): Promise<Membership[]> {
    const managed = await manages(db, caller, entityId);
    entitiesPolicy.manageMembers(caller, managed);
    await loadEntity(db, entityId);
    const today = parisDay();
    const rows = await entitiesRepository.membershipsOfEntity(db, entityId);
    return rows.map((m) => presentMembership(caller, m, managed, today));
  },

  /**
   * GET /api/user/{id}/appartenances: an administrator sees all of them; a lodge manager only those
   * of the entities they manage.
   */
  async membershipsOfUser(db: Database, caller: Caller, userId: number): Promise<Membership[]> {
    entitiesPolicy.listUserMemberships(caller);
    const admin = hasHabilitation(caller, 'ADMIN');
    // Only administrators learn whether an account exists; a lodge manager sees an empty list.
    if (admin && !(await usersRepository.findById(db, userId)))
      throw notFound("Cet utilisateur n'existe pas.");
    const today = parisDay();
    const managed = await entitiesRepository.managedIds(db, caller.id, today);
    const rows = await entitiesRepository.membershipsOfUser(db, userId);
    return rows
      .filter((m) => admin || managed.has(m.entityId))
      .map((m) => presentMembership(caller, m, managed.has(m.entityId), today));
  },

  /** POST /api/user/{id}/appartenances: the user joins the entity of the body. */
  async addToUser(
    db: Database,
    caller: Caller,
    userId: number,
    input: UserMembershipCreate,
  ): Promise<Membership> {
    entitiesPolicy.manageMembers(caller, await manages(db, caller, input.entiteId));
    return db.transaction(async (tx) => {
      const user = await usersRepository.findById(tx, userId);
      if (!user) throw notFound("Cet utilisateur n'existe pas.");
      const { entity } = await loadEntity(tx, input.entiteId);
      const { entiteId: _e, ...fields } = input;
      return addMembership(tx, caller, user, entity, fields);
    });
  },

  /**
   * POST /api/entite/{id}/appartenances: adds an existing user, or creates a new member with the
   * Membre profile (and an invitation e-mail) and adds them, in one transaction.
   */
  async addToEntity(
    db: Database,
    caller: Caller,
    entityId: number,
    input: EntityMembershipCreate,
    publicUrl: string,
  ): Promise<Membership> {
    entitiesPolicy.manageMembers(caller, await manages(db, caller, entityId));
    return db.transaction(async (tx) => {
      const { entity } = await loadEntity(tx, entityId);
      const { userId, nouveau, ...fields } = input as EntityMembershipCreate & MembershipFields;
      if (nouveau && entity.etat !== 'A')
        throw invalid(
          `L'entité « ${entity.nom} » est supprimée : réactivez-la avant d'y ajouter des membres.`,
        );
      const user = nouveau
        ? await createUser(
            tx,
            { actorId: caller.id, publicUrl },
            { ...nouveau, email: nouveau.email, habilitations: PROFILES.Membre! },
          )
        : await usersRepository.findById(tx, userId!);
      if (!user) throw notFound("Cet utilisateur n'existe pas.");
      return addMembership(tx, caller, user, entity, fields);
    });
  },

  /**
   * PUT /api/user/{id}/appartenances and PUT /api/entite/{id}/appartenances: the membership must
   * belong to the user (or entity) of the path.
   */
  async updateMembership(
    db: Database,
    caller: Caller,
    scope: { userId: number } | { entityId: number },
    input: z.output<typeof MembershipUpdateSchema>,
  ): Promise<Membership> {
    return db.transaction(async (tx) => {
      const m = await loadManagedMembership(tx, caller, input.id, scope);
      const { id, ...fields } = input;
      const who = {
        userId: m.userId,
        entityId: m.entityId,
        label: `${m.prenom} ${m.nom}`,
        entite: m.entiteNom,
      };
      await checkPeriod(tx, fields, who, id);
      const champs = changedFields(m, fields);
      await writeMembership(who, () => entitiesRepository.updateMembership(tx, id, fields));
      if (champs.length) await auditMembership(tx, caller.id, 'membership_updated', m, { champs });
      const managed = await manages(tx, caller, m.entityId);
      return presentMembership(caller, { ...m, ...fields }, managed, parisDay());
    });
  },

  /**
   * DELETE /api/user/{id}/appartenances/{id}: ends the membership at once (its last day is yesterday,
   * so it stops counting today and stays in the history). One that had not started is removed.
   */
  async endMembership(db: Database, caller: Caller, userId: number, membershipId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const m = await loadManagedMembership(tx, caller, membershipId, { userId });
      const today = parisDay();
      if (m.fin !== null && m.fin < today) throw invalid('Cette appartenance est déjà terminée.');
      const yesterday = dayBefore(today);
      if (m.debut !== null && m.debut > yesterday) {
        await entitiesRepository.deleteMembership(tx, m.id);
        await auditMembership(tx, caller.id, 'membership_removed', m);
      } else {
        await entitiesRepository.updateMembership(tx, m.id, { fin: yesterday });
        await auditMembership(tx, caller.id, 'membership_ended', m, { fin: yesterday });
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
