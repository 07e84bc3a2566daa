/** Message rows → contract DTOs. */
import type { Message, PortalMessage } from '@union/contract';
import { allowedActions } from '../../lib/policy';
import { messageMachine } from './machine';
import { may, type MessagesContext } from './policy';
import type { MessageRecord, MessageWithEntities } from './repository';

export const presentMessage = (ctx: MessagesContext, m: MessageWithEntities): Message => ({
  id: m.id,
  titre: m.titre,
  texte: m.texte,
  niveau: m.niveau,
  debut: m.debut,
  fin: m.fin,
  tous: m.tous,
  entites: m.entites,
  statut: m.statut,
  email: m.email,
  envoyeLe: m.emailedAt?.toISOString() ?? null,
  actions: allowedActions(messageMachine, m.statut, (a) => may(ctx, a, m)),
});

export const presentPortalMessage = (m: MessageRecord): PortalMessage => ({
  id: m.id,
  titre: m.titre,
  texte: m.texte,
  niveau: m.niveau,
  debut: m.debut,
  fin: m.fin,
});
