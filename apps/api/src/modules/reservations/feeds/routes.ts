/**
 * Calendar feeds: the account's own addresses (GET, POST /api/user/calendrier) and the public feeds
 * (GET /api/calendrier/{jeton}.ics, …/salle/{id}.ics, …/batiment.ics), authenticated by their secret.
 */
import { API, CalendarFeedStateSchema, recordIdOfText } from '@union/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../lib/errors';
import type { App } from '../../../types';
import { feedsService, type FeedRequest } from './service';

/** "abc.ics" → "abc"; anything else is no feed. */
function stem(fichier: string): string {
  const match = /^(.+)\.ics$/.exec(fichier);
  if (!match) throw notFound("Cet agenda n'existe pas ou son adresse a été renouvelée.");
  return match[1]!;
}

export default async function feedsRoutes(app: App) {
  const tags = ['agenda'];

  app.get(
    API.calendar.account,
    { schema: { tags, response: { 200: CalendarFeedStateSchema } } },
    async (request) => feedsService.state(request.ctx),
  );

  app.post(
    API.calendar.account,
    { schema: { tags, response: { 200: CalendarFeedStateSchema } } },
    async (request) => feedsService.renew(request.ctx),
  );

  const send = async (reply: FastifyReply, jeton: string, feed: FeedRequest) => {
    const text = await feedsService.feed(app.publicContext(), jeton, feed);
    return (
      reply
        .type('text/calendar; charset=utf-8')
        // The address is a secret: no shared cache may keep the answer.
        .header('Cache-Control', 'private, max-age=300')
        .send(text)
    );
  };
  // The secret in the path is the credential: calendar applications send no bearer.
  const config = { public: true };

  app.get(
    API.calendar.personal,
    { config, schema: { tags, params: z.object({ fichier: z.string() }) } },
    async (request, reply) => send(reply, stem(request.params.fichier), { kind: 'personal' }),
  );

  app.get(
    API.calendar.building,
    { config, schema: { tags, params: z.object({ jeton: z.string() }) } },
    async (request, reply) => send(reply, request.params.jeton, { kind: 'building' }),
  );

  app.get(
    API.calendar.room,
    { config, schema: { tags, params: z.object({ jeton: z.string(), fichier: z.string() }) } },
    async (request, reply) => {
      // The room's id as we write it in the address: "03.ics" or "0x3.ics" is no room's calendar.
      const roomId = recordIdOfText(stem(request.params.fichier));
      if (roomId === undefined) throw notFound("Cet agenda n'existe pas ou son adresse a été renouvelée.");
      return send(reply, request.params.jeton, { kind: 'room', roomId });
    },
  );
}
