/**
 * GET /api/parametres/droits and /salles: reference data every signed-in screen may read.
 * POST and PUT /api/parametres/salles, GET and PUT /api/parametres/union: administration.
 */
import { CALLS, HABILITATION_CODES, HABILITATIONS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { settingsService } from './service';

export default async function settingsRoutes(app: App) {
  const tags = ['paramètres'];
  const calls = CALLS.settings;

  route(app, calls.droits, { tags }, async () =>
    HABILITATION_CODES.map((code) => ({ code, ...HABILITATIONS[code] })),
  );
  route(app, calls.rooms, { tags }, async (request) => settingsService.rooms(request.ctx));

  route(app, calls.createRoom, { tags }, async (request, reply) =>
    reply.status(201).send(await settingsService.createRoom(request.ctx, request.body)),
  );

  route(app, calls.updateRoom, { tags }, async (request) =>
    settingsService.updateRoom(request.ctx, request.body),
  );

  route(app, calls.union, { tags }, async (request) => settingsService.settings(request.ctx));

  route(app, calls.saveUnion, { tags }, async (request) =>
    settingsService.saveSettings(request.ctx, request.body),
  );
}
