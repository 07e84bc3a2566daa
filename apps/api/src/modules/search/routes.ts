/** The header's search (issue 33): GET /api/recherche?q=…, every signed-in user, each within their rights. */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { searchService } from './service';

export default async function searchRoutes(app: App) {
  route(app, CALLS.search.search, { tags: ['recherche'] }, async (request) =>
    searchService.search(request.ctx, request.query.q),
  );
}
