/** Outbox rows → the contract's `OutboxEmail`. */
import type { OutboxEmail } from '@union/contract';
import type { emailOutbox } from '../../db/schema';

type OutboxRow = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'destinataire' | 'sujet' | 'texte' | 'statut' | 'tentatives' | 'erreur' | 'createdAt' | 'sentAt'
>;

export const presentOutboxEntry = (r: OutboxRow): OutboxEmail => ({
  id: r.id,
  destinataire: r.destinataire,
  sujet: r.sujet,
  texte: r.texte,
  statut: r.statut,
  tentatives: r.tentatives,
  erreur: r.erreur,
  creeLe: r.createdAt.toISOString(),
  envoyeLe: r.sentAt?.toISOString() ?? null,
});
