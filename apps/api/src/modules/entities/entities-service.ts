/**
 * Entities (lodges, associations, the Union): the lists every screen picks from, an entity's page and
 * history, and its creation and edition by administrators (`entityMachine`: active or deleted). Load →
 * authorize → check → persist, in one transaction, audited.
 */
import type {
  Entity,
  EntityCreateSchema,
  EntityDetail,
  EntityPurpose,
  EntityUpdateSchema,
  HistoryEntry,
} from '@union/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { authorize } from '../../lib/authorize';
import { guardConstraint } from '../../lib/constraints';
import { inTransaction, type RequestContext } from '../../lib/context';
import { invalid, notFound, refused } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit, changedFields } from '../audit/audit';
import { historyOf } from './history';
import { entityActionToReach, entityMachine } from './machine';
import { may, type EntitiesPolicyContext } from './policy';
import { presentEntity, presentEntityDetail } from './presenter';
import { ENTITY_UNIQUE, entityRepository } from './entity-repository';
import { memberRightsRepository } from './member-rights-repository';

type EntityCreate = z.output<typeof EntityCreateSchema>;
type EntityUpdate = z.output<typeof EntityUpdateSchema>;

/** The request context on the database or inside a transaction: helpers run on either. */
type Ctx = RequestContext<Executor>;

/** The caller's policy context for entities: the entities they manage today, read once per request. */
export async function loadEntitiesPolicyContext({ db, caller, clock }: Ctx): Promise<EntitiesPolicyContext> {
  return { caller, manages: await memberRightsRepository.managedIds(db, caller.id, clock.today()) };
}

export async function loadEntity(ctx: Ctx, id: number) {
  const row = await entityRepository.findById(ctx.db, id, ctx.clock.today());
  if (!row) throw notFound("Cette entité n'existe pas.");
  return row;
}

export const entitiesService = {
  /** GET /api/entite/all: every entity, for every signed-in screen that picks one. */
  async all(ctx: RequestContext): Promise<Entity[]> {
    const rows = await entityRepository.listAll(ctx.db, ctx.clock.today());
    return rows.map((r) => presentEntity(r.entity, r.nbMembres));
  },

  /** GET /api/user/entites/{purpose}: the caller's entities today for one purpose (a flag of theirs). */
  async mine(ctx: RequestContext, purpose: EntityPurpose) {
    return memberRightsRepository.forUser(ctx.db, ctx.caller.id, purpose, ctx.clock.today());
  },

  /** GET /api/entite/{id}/infos: for whoever manages its members (403 before saying whether it exists). */
  async infos(ctx: RequestContext, id: number): Promise<EntityDetail> {
    const policy = await loadEntitiesPolicyContext(ctx);
    authorize(may(policy, 'MEMBERS', { id }));
    const row = await loadEntity(ctx, id);
    return presentEntityDetail(policy, row.entity, row.nbMembres);
  },

  async create(ctx: RequestContext, input: EntityCreate): Promise<EntityDetail> {
    const policy = await loadEntitiesPolicyContext(ctx);
    authorize(may(policy, 'CREATE', null));
    return inTransaction(ctx, async (tx) => {
      await checkEntityUnique(tx.db, input);
      const entity = await guardCode(input.code, () =>
        entityRepository.insert(tx.db, { ...input, etat: 'A' }, tx.clock.now()),
      );
      await audit.record(tx, {
        action: 'entity_created',
        recordType: 'entity',
        recordId: entity.id,
        details: { code: entity.code },
      });
      return presentEntityDetail(policy, entity, 0);
    });
  },

  /** PUT /api/entite: the Union keeps its type and cannot be deleted (there is exactly one). */
  async update(ctx: RequestContext, input: EntityUpdate): Promise<EntityDetail> {
    const policy = await loadEntitiesPolicyContext(ctx);
    authorize(may(policy, 'EDIT', null));
    return inTransaction(ctx, async (tx) => {
      const { entity, nbMembres } = await loadEntity(tx, input.id);
      if (entity.type === 'UN' && (input.type !== 'UN' || input.etat !== 'A'))
        throw invalid("L'Union ne peut ni changer de type ni être supprimée.");
      decide(entityMachine, entity.etat, 'EDIT', may(policy, 'EDIT', entity));
      const move = entityActionToReach(entity.etat, input.etat);
      if (move) decide(entityMachine, entity.etat, move, may(policy, move, entity));
      await checkEntityUnique(tx.db, input, entity.id);
      const { id: _id, ...changes } = input;
      const champs = changedFields(entity, changes);
      await guardCode(input.code, () => entityRepository.update(tx.db, entity.id, changes, tx.clock.now()));
      if (champs.length)
        await audit.record(tx, {
          action: 'entity_updated',
          recordType: 'entity',
          recordId: entity.id,
          details: { champs },
        });
      return presentEntityDetail(policy, { ...entity, ...changes, updatedAt: tx.clock.now() }, nbMembres);
    });
  },

  async history(ctx: RequestContext, id: number): Promise<HistoryEntry[]> {
    authorize(may(await loadEntitiesPolicyContext(ctx), 'HISTORY', { id }));
    await loadEntity(ctx, id);
    return historyOf(ctx.db, 'entity', id);
  },
};

/** A free code, and at most one Union. */
async function checkEntityUnique(tx: Executor, input: { code: string; type: string }, exceptId?: number) {
  const sameCode = await entityRepository.findByCode(tx, input.code);
  if (sameCode && sameCode.id !== exceptId)
    throw refused(
      'entity_code_taken',
      `Le code « ${input.code} » est déjà utilisé par l'entité « ${sameCode.nom} ».`,
    );
  if (input.type === 'UN') {
    const union = await entityRepository.findUnion(tx);
    if (union && union.id !== exceptId)
      throw invalid("L'Union existe déjà : il ne peut y avoir qu'une entité de type « L'Union ».");
  }
}

/** The same refusal when another request took the code between the check and the write. */
const guardCode = <T>(code: string, write: () => Promise<T>): Promise<T> =>
  guardConstraint(write, {
    [ENTITY_UNIQUE.code]: {
      code: 'entity_code_taken',
      message: `Le code « ${code} » vient d'être pris par une autre entité : choisissez-en un autre.`,
    },
  });
