/**
 * GET /api/parametres/droits and /salles: reference data every signed-in screen may read.
 * POST and PUT /api/parametres/salles, GET and PUT /api/parametres/union: administration.
 */
import {
  ADMIN_API,
  API,
  DroitSchema,
  HABILITATIONS,
  HABILITATION_CODES,
  RoomCreateSchema,
  RoomSchema,
  RoomUpdateSchema,
  UnionSettingsInputSchema,
  UnionSettingsSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../types';
import { settingsService } from './service';

export default async function settingsRoutes(app: App) {
  const tags = ['paramètres'];
  app.get(API.droits, { schema: { tags, response: { 200: z.array(DroitSchema) } } }, async () =>
    HABILITATION_CODES.map((code) => ({ code, ...HABILITATIONS[code] })),
  );
  app.get(API.salles, { schema: { tags, response: { 200: z.array(RoomSchema) } } }, async (request) =>
    settingsService.rooms(request.ctx),
  );

  app.post(
    ADMIN_API.rooms,
    { schema: { tags, body: RoomCreateSchema, response: { 201: RoomSchema } } },
    async (request, reply) =>
      reply.status(201).send(await settingsService.createRoom(request.ctx, request.body)),
  );

  app.put(
    ADMIN_API.rooms,
    { schema: { tags, body: RoomUpdateSchema, response: { 200: RoomSchema } } },
    async (request) => settingsService.updateRoom(request.ctx, request.body),
  );

  app.get(ADMIN_API.settings, { schema: { tags, response: { 200: UnionSettingsSchema } } }, async (request) =>
    settingsService.settings(request.ctx),
  );

  app.put(
    ADMIN_API.settings,
    { schema: { tags, body: UnionSettingsInputSchema, response: { 200: UnionSettingsSchema } } },
    async (request) => settingsService.saveSettings(request.ctx, request.body),
  );
}
