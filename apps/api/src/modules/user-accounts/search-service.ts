/**
 * POST /api/user/search: the administrators' search over every account, and the lodge managers' narrow
 * search for a member to add to their entities.
 */
import type { UserPickResult, UserSearchResult, UserSearchSchema } from '@union/contract';
import type { z } from 'zod';
import { authorize } from '../../lib/authorize';
import type { RequestContext } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { currentMembersOf, townsOf } from '../entities/current-members-repository';
import { memberRightsRepository } from '../entities/member-rights-repository';
import { may, usersPolicyContext } from '../users/policy';
import { presentUserPick, presentUserRow } from './presenter';
import { userSearchRepository } from '../users/user-search-repository';

/** A whole e-mail address typed in the search (one word, one @, a dot in the domain). */
const EXACT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type UserSearchCriteria = z.output<typeof UserSearchSchema>;

export const usersSearchService = {
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
    const policy = usersPolicyContext(ctx);
    authorize(may(policy, 'SEARCH', null));
    const today = ctx.clock.today();
    const { entiteId, ...rest } = criteria;
    const among = entiteId === undefined ? undefined : currentMembersOf(db, entiteId, today);
    if (may(policy, 'SEARCH_ALL', null)) {
      const { rows, ...count } = await userSearchRepository.search(db, { ...rest, among });
      const towns = await townsOf(
        db,
        rows.map((row) => row.id),
        today,
      );
      const lignes = rows.map((row) => ({ ...presentUserRow(row), villes: towns.get(row.id) ?? null }));
      return { ...count, page: criteria.page, taille: criteria.taille, lignes };
    }
    const managed = await memberRightsRepository.managedIds(db, caller.id, today);
    if (entiteId !== undefined && !managed.has(entiteId))
      throw forbidden('Vous ne gérez pas cette entité : vous ne pouvez pas en chercher les membres.');
    if (criteria.habilitation !== undefined)
      throw forbidden('Seul un administrateur peut chercher les comptes par habilitation.');
    const texte = criteria.texte?.trim() ?? '';
    const c = {
      ...rest,
      among,
      etat: 'A' as const,
      // Sorting by identifiant, e-mail or creation would reveal what the rows do not show.
      tri: criteria.tri === 'prenom' ? ('prenom' as const) : ('nom' as const),
      scope: {
        members: currentMembersOf(db, [...managed], today),
        // Only for someone who manages an entity (they would add the person to it), with no entity filter.
        exactEmail: managed.size && entiteId === undefined && EXACT_EMAIL.test(texte) ? texte : undefined,
      },
    };
    const { rows, ...count } = await userSearchRepository.search(db, c);
    return { ...count, page: c.page, taille: c.taille, lignes: rows.map(presentUserPick) };
  },
};
