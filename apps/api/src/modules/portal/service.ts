/**
 * The portal (issue 33): GET /api/portail asks each module for its part of what awaits the caller, each
 * part through the module's own policy, so that it holds exactly what the part's screen would show them
 * (and nothing when they have no right to the screen). The module stands above those it asks.
 */
import { addDays, type PortalSummary, type PortalTask } from '@union/contract';
import { hasHabilitation } from '../../lib/authorize';
import type { RequestContext } from '../../lib/context';
import { accountsRepository } from '../compta/accounts/repository';
import { loadAccountContext } from '../compta/accounts/service';
import { mayAccount } from '../compta/accounts/policy';
import { readScope } from '../documents/policy';
import { documentsRepository } from '../documents/repository';
import { loadDocumentsContext } from '../documents/service';
import { headcountRepository } from '../entities/current-members-repository';
import { entityRepository } from '../entities/entity-repository';
import { loadEntitiesPolicyContext } from '../entities/entities-service';
import { may as mayEntity } from '../entities/policy';
import { loadPlanningContext } from '../reservations/context';
import { may as mayPlanning } from '../reservations/policy';
import { reservationsRepository } from '../reservations/repository';
import { cardsRepository } from '../restaurant/cards/repository';
import { loadRestaurantContext } from '../restaurant/context';
import { mealsAsTheyAre } from '../restaurant/meals/reads';
import { mayCard, mayMeal } from '../restaurant/policy';
import { mealsRepository } from '../restaurant/repository';
import {
  invoicesTask,
  membersTask,
  newSince,
  nextVisit,
  presentDocument,
  presentMeal,
  presentSession,
  requestsTask,
} from './presenter';
import { portalRepository } from './repository';

/** How many lines each list shows; the documents say how many there are in all. */
const LINES = 5;
/** The meals ahead the portal looks at: two weeks. */
const MEAL_DAYS = 13;

/** The caller's lodges' next confirmed sessions, if they see the planning (PLANNING). */
async function sessions(ctx: RequestContext) {
  const planning = await loadPlanningContext(ctx);
  if (!mayPlanning(planning, 'READ', null)) return { sessions: [], tasks: [] };
  const rows = await reservationsRepository.nextOfMember(ctx.db, ctx.caller.id, ctx.clock.today(), LINES);
  // The requests to decide: Union staff only, as on « Demandes » (reservationsService.pending).
  const waiting = planning.isStaff ? (await reservationsRepository.pendingAll(ctx.db)).length : 0;
  return { sessions: rows.map(presentSession), tasks: waiting > 0 ? [requestsTask(waiting)] : [] };
}

/** The meals of the next two weeks the caller may still order or has ordered (the restaurant's week). */
async function meals(ctx: RequestContext) {
  const rctx = await loadRestaurantContext(ctx);
  if (!mayMeal(rctx, 'READ', null)) return [];
  const today = ctx.clock.today();
  const rows = await mealsRepository.mealsBetween(ctx.db, today, addDays(today, MEAL_DAYS));
  const mayOrder = mayMeal(rctx, 'ORDER', null);
  // A meal without dishes is not published yet (the week shows it to its managers only, to fill it).
  return (await mealsAsTheyAre(ctx, rctx, rows))
    .filter((meal) => meal.plats.length > 0)
    .map((meal) => presentMeal(meal, mayOrder))
    .filter((meal) => meal.commandable || meal.commande)
    .slice(0, LINES);
}

/** Documents published since the visit before this one, among those the caller reads. */
async function documents(ctx: RequestContext): Promise<PortalSummary['documents']> {
  const now = ctx.clock.now();
  const visit = nextVisit(ctx.caller.id, await portalRepository.visitOf(ctx.db, ctx.caller.id), now);
  await portalRepository.saveVisit(ctx.db, visit);
  const scope = readScope(await loadDocumentsContext(ctx));
  const since = newSince(visit, now);
  const { total, rows } = await documentsRepository.publishedSince(ctx.db, scope, since, LINES);
  return {
    depuis: visit.previousSeenAt?.toISOString() ?? null,
    total,
    nouveaux: rows.map(presentDocument),
    lien: '/app/doc',
  };
}

/** What awaits an officer in Gestion Loge: the lodges' invoices to pay, the members yet to sign in. */
async function lodgeTasks(ctx: RequestContext): Promise<PortalTask[]> {
  if (!hasHabilitation(ctx.caller, 'LOGE')) return [];
  const actx = await loadAccountContext(ctx);
  const accounts = [...actx.officerOf].filter((id) => mayAccount(actx, 'READ_ACCOUNT', { entityId: id }));
  const invoices = await accountsRepository.unpaidByEntity(ctx.db, accounts);
  const ectx = await loadEntitiesPolicyContext(ctx);
  const managed = [...ectx.manages].filter((id) => mayEntity(ectx, 'MEMBERS', { id }));
  const waiting = await headcountRepository.awaitingFirstPasswordEach(ctx.db, managed, ctx.clock.today());
  const named = await entityRepository.activeAmong(ctx.db, new Set(waiting.keys()));
  return [
    ...invoices.map(invoicesTask),
    ...named.map((entity) => membersTask(entity, waiting.get(entity.id)!)),
  ];
}

export const portalService = {
  /** GET /api/portail: records the visit, then reads each part one after the other (one connection). */
  async summary(ctx: RequestContext): Promise<PortalSummary> {
    const planning = await sessions(ctx);
    const repas = await meals(ctx);
    const carte = mayCard(ctx, 'USE', null)
      ? { solde: await cardsRepository.balanceOfUser(ctx.db, ctx.caller.id), lien: '/app/account/payments' }
      : null;
    const docs = await documents(ctx);
    return {
      seances: planning.sessions,
      repas,
      carte,
      documents: docs,
      aTraiter: [...planning.tasks, ...(await lodgeTasks(ctx))],
    };
  },
};
