/** The portal (issue 33): GET /api/portail, what awaits the signed-in user. */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { portalService } from './service';

export default async function portalRoutes(app: App) {
  route(app, CALLS.portal.summary, { tags: ['portal'] }, async (request) =>
    portalService.summary(request.ctx),
  );
}
