/**
 * Who the caller is for the planning, read once per request (the policy's context), by the
 * reservations and by each sub-area (planning, closures, feeds).
 */
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../lib/context';
import { memberRightsRepository } from '../entities/member-rights-repository';
import type { PlanningContext } from './policy';

/** Who the caller is for the planning: Union staff or not, and the entities they may book for. */
export async function loadPlanningContext({
  db,
  caller,
  clock,
}: RequestContext<Executor>): Promise<PlanningContext> {
  const today = clock.today();
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const isStaff = await memberRightsRepository.isUnionStaff(db, caller.id, today);
  const entities = await memberRightsRepository.forUser(db, caller.id, 'reservation', today);
  const memberEntityIds = await memberRightsRepository.memberOf(db, caller.id, today);
  return { caller, isStaff, reservationEntityIds: new Set(entities.map((e) => e.id)), memberEntityIds };
}
