/**
 * Calendar feeds: the account's own addresses (GET, POST /api/user/calendrier) and the public feeds
 * (GET /api/calendrier/{jeton}.ics, …/salle/{id}.ics, …/batiment.ics), authenticated by their secret.
 */
import { CALLS, recordIdOfText } from '@union/contract';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../../lib/errors';
import { route } from '../../../lib/route';
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
  const calls = CALLS.calendar;

  route(app, calls.state, { tags }, async (request) => feedsService.state(request.ctx));

  route(app, calls.renew, { tags }, async (request) => feedsService.renew(request.ctx));

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

  route(app, calls.personal, { config, tags }, async (request, reply) =>
    send(reply, stem(request.params.fichier), { kind: 'personal' }),
  );

  route(app, calls.building, { config, tags }, async (request, reply) =>
    send(reply, request.params.jeton, { kind: 'building' }),
  );

  route(app, calls.room, { config, tags }, async (request, reply) => {
    // The room's id as we write it in the address: "03.ics" or "0x3.ics" is no room's calendar.
    const roomId = recordIdOfText(stem(request.params.fichier));
    if (roomId === undefined) throw notFound("Cet agenda n'existe pas ou son adresse a été renouvelée.");
    return send(reply, request.params.jeton, { kind: 'room', roomId });
  });
}
