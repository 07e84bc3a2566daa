/**
 * The header's search (issue 33): GET /api/recherche asks each module for what matches, each through its
 * own policy, so a section holds exactly what its screen would show the caller (and nothing when they
 * have no right to it): the people of the users' search (every account for an administrator, the members
 * of the entities a lodge manager runs), the documents they read, the invoices and quotes of the Union's
 * accounting (treasurers) or of the accounts they are an officer of, and the reservations they see whole.
 * The module stands above those it asks, like the portal.
 */
import { GLOBAL_SEARCH_LINES as LINES, type GlobalSearchResult, type SearchSection } from '@union/contract';
import { wordsOf } from '../../db/text-search';
import { hasHabilitation } from '../../lib/authorize';
import type { RequestContext } from '../../lib/context';
import { mayAccount } from '../compta/accounts/policy';
import { loadAccountContext } from '../compta/accounts/service';
import { orderRecords } from '../compta/order-records/repository';
import { readScope } from '../documents/policy';
import { documentsRepository } from '../documents/repository';
import { loadDocumentsContext } from '../documents/service';
import { currentMembersOf } from '../entities/current-members-repository';
import { memberRightsRepository } from '../entities/member-rights-repository';
import { loadPlanningContext } from '../reservations/context';
import { may as mayPlanning } from '../reservations/policy';
import { reservationsRepository } from '../reservations/repository';
import { may as mayUsers, usersPolicyContext } from '../users/policy';
import { userSearchRepository } from '../users/user-search-repository';
import {
  EMPTY_SECTION,
  presentDocument,
  presentOrder,
  presentPerson,
  presentReservation,
  sectionOf,
} from './presenter';

/** People, as the users' search finds them for the caller (never by an exact e-mail from elsewhere). */
async function people(ctx: RequestContext, q: string): Promise<SearchSection> {
  const policy = usersPolicyContext(ctx);
  if (!mayUsers(policy, 'SEARCH', null)) return EMPTY_SECTION;
  const admin = mayUsers(policy, 'SEARCH_ALL', null);
  const today = ctx.clock.today();
  const page = { texte: q, tri: 'nom', sens: 'asc', page: 1, taille: LINES + 1 } as const;
  const scope = admin
    ? {}
    : {
        etat: 'A' as const,
        scope: {
          members: currentMembersOf(
            ctx.db,
            [...(await memberRightsRepository.managedIds(ctx.db, ctx.caller.id, today))],
            today,
          ),
        },
      };
  const { rows } = await userSearchRepository.search(ctx.db, { ...page, ...scope });
  return sectionOf(rows, LINES, presentPerson(admin));
}

async function documents(ctx: RequestContext, q: string): Promise<SearchSection> {
  const scope = readScope(await loadDocumentsContext(ctx));
  const { rows } = await documentsRepository.search(ctx.db, scope, { q, page: 1, parPage: LINES + 1 });
  return sectionOf(rows, LINES, presentDocument);
}

/** The Union's treasurers find every order; an entity's officers what its account shows them. */
async function orders(ctx: RequestContext, words: string[]): Promise<SearchSection> {
  const treasurer = hasHabilitation(ctx.caller, 'COMPTA_LECTURE');
  let scope: 'all' | number[] = 'all';
  if (!treasurer) {
    const actx = await loadAccountContext(ctx);
    scope = [...actx.officerOf].filter((id) => mayAccount(actx, 'READ_ACCOUNT', { entityId: id }));
    if (scope.length === 0) return EMPTY_SECTION;
  }
  const rows = await orderRecords.findByWords(ctx.db, words, scope, LINES + 1);
  return sectionOf(rows, LINES, presentOrder(treasurer));
}

/**
 * Reservations from today on: the Union's staff find every one; others those of their entities, which
 * they see whole (a label typed must not reveal another lodge's booking, whose label is hidden to them).
 */
async function bookings(ctx: RequestContext, words: string[]): Promise<SearchSection> {
  const planning = await loadPlanningContext(ctx);
  if (!mayPlanning(planning, 'READ', null)) return EMPTY_SECTION;
  const scope = planning.isStaff
    ? ('all' as const)
    : [...new Set([...planning.memberEntityIds, ...planning.reservationEntityIds])];
  const rows = await reservationsRepository.findByWords(ctx.db, words, scope, ctx.clock.today(), LINES + 1);
  return sectionOf(rows, LINES, presentReservation);
}

export const searchService = {
  /** GET /api/recherche: each section one after the other (`db` may be one connection). */
  async search(ctx: RequestContext, q: string): Promise<GlobalSearchResult> {
    const words = wordsOf(q);
    return {
      personnes: await people(ctx, q),
      documents: await documents(ctx, q),
      pieces: await orders(ctx, words),
      reservations: await bookings(ctx, words),
    };
  },
};
