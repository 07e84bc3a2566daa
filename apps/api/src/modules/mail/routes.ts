/** GET /api/admin/emails: the outbox, for administrators (DECISIONS §7), filtered on the server. */
import { API, OutboxListSchema, OutboxQuerySchema } from '@union/contract';
import { requireHabilitation } from '../../lib/authorize';
import type { App } from '../../types';
import { mailRepository } from './repository';

export default async function mailRoutes(app: App) {
  app.get(
    API.adminEmails,
    {
      schema: {
        tags: ['administration'],
        querystring: OutboxQuerySchema,
        response: { 200: OutboxListSchema },
      },
    },
    async (request) => {
      requireHabilitation(request.caller, 'ADMIN');
      const rows = await mailRepository.list(app.dbHandle.db, request.query);
      return rows.map((r) => ({
        id: r.id,
        destinataire: r.destinataire,
        sujet: r.sujet,
        texte: r.texte,
        statut: r.statut,
        tentatives: r.tentatives,
        erreur: r.erreur,
        creeLe: r.createdAt.toISOString(),
        envoyeLe: r.sentAt?.toISOString() ?? null,
      }));
    },
  );
}
