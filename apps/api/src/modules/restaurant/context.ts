/** Who the caller is for the restaurant, read once per request (the policy's context). */
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../lib/context';
import { memberRightsRepository } from '../entities/member-rights-repository';
import type { RestaurantContext } from './policy';

/**
 * Who the caller is for the restaurant: habilitations, the lodges they order for, pay with or manage
 * (whose agapes they see first), and the names of those they order for (the week's order form).
 */
export async function loadRestaurantContext(
  ctx: RequestContext<Executor>,
): Promise<RestaurantContext & { restauration: { id: number; nom: string }[] }> {
  // One read for the three purposes (every call of the module starts here).
  const entities = await memberRightsRepository.purposesOfUser(ctx.db, ctx.caller.id, ctx.clock.today());
  const ids = (keep: (e: (typeof entities)[number]) => boolean) =>
    new Set(entities.filter(keep).map((e) => e.id));
  return {
    caller: ctx.caller,
    restaurationEntityIds: ids((e) => e.restauration),
    carteLogeEntityIds: ids((e) => e.carteLoge),
    agapesEntityIds: ids((e) => e.restauration || e.gestion),
    restauration: entities.filter((e) => e.restauration).map((e) => ({ id: e.id, nom: e.nom })),
  };
}
