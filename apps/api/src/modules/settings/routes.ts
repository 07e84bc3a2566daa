/**
 * GET /api/parametres/droits and /salles: reference data every signed-in screen may read.
 * POST and PUT /api/parametres/salles, GET and PUT /api/parametres/union: administration.
 */
import {
  API,
  DroitSchema,
  HABILITATION_CODES,
  HABILITATIONS,
  RoomCreateSchema,
  RoomListSchema,
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
  app.get(API.settings.droits, { schema: { tags, response: { 200: z.array(DroitSchema) } } }, async () =>
    HABILITATION_CODES.map((code) => ({ code, ...HABILITATIONS[code] })),
  );
  app.get(API.settings.rooms, { schema: { tags, response: { 200: RoomListSchema } } }, async (request) =>
    settingsService.rooms(request.ctx),
  );

  app.post(
    API.settings.rooms,
    { schema: { tags, body: RoomCreateSchema, response: { 201: RoomSchema } } },
    async (request, reply) =>
      reply.status(201).send(await settingsService.createRoom(request.ctx, request.body)),
  );

  app.put(
    API.settings.rooms,
    { schema: { tags, body: RoomUpdateSchema, response: { 200: RoomSchema } } },
    async (request) => settingsService.updateRoom(request.ctx, request.body),
  );

  app.get(API.settings.union, { schema: { tags, response: { 200: UnionSettingsSchema } } }, async (request) =>
    settingsService.settings(request.ctx),
  );

  app.put(
    API.settings.union,
    { schema: { tags, body: UnionSettingsInputSchema, response: { 200: UnionSettingsSchema } } },
    async (request) => settingsService.saveSettings(request.ctx, request.body),
  );
}
