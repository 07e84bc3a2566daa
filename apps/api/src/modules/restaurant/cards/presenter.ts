/** Card rows → contract DTOs: the ledger's movements, and top-ups with the actions the caller may take. */
import type { Movement, TopUp } from '@union/contract';
import { allowedActions } from '../../../lib/policy';
import { topUpMachine } from '../machine';
import { mayTopUp, type RestaurantContext } from '../policy';
import type { MovementRow, TopUpRecord } from './repository';

export const presentMovement = (m: MovementRow): Movement => ({
  id: m.id,
  date: m.createdAt.toISOString(),
  type: m.type,
  montant: m.montant,
  libelle: m.libelle,
  auteur:
    m.authorId === null ? null : { id: m.authorId, nom: m.auteurNom ?? '', prenom: m.auteurPrenom ?? '' },
});

export function presentTopUp(
  ctx: Pick<RestaurantContext, 'caller'>,
  row: { payment: TopUpRecord; nom: string; prenom: string },
): TopUp {
  const p = row.payment;
  return {
    id: p.id,
    date: p.createdAt.toISOString(),
    montant: p.montant,
    etat: p.etat,
    personne: { id: p.userId, nom: row.nom, prenom: row.prenom },
    transId: p.transId,
    actions: allowedActions(topUpMachine, p.etat, (a) =>
      a === 'PAID' || a === 'FAILED' || a === 'EXPIRE' ? false : mayTopUp(ctx, a, p),
    ) as TopUp['actions'],
  };
}
