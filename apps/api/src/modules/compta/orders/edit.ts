/** EDIT_DEVIS, EDIT_FACTURE: the object or the lines of a quote or an invoice draft (an issued invoice is frozen). */
import { guardConstraint } from '../../../lib/constraints';
import { refused } from '../../../lib/errors';
import type { ActionHandler } from '../order-records/action-handler';
import { totalOf, withAmounts } from '../amounts';
import { orderRecords, type OrderRow } from '../order-records/repository';
import { checkTotal, REFUSALS } from './common';

export const edit: ActionHandler = async (tx, { order, body }) => {
  if (body.objet === undefined && body.lignes === undefined)
    throw refused('nothing_to_change', "Rien à modifier : envoyez l'objet ou les lignes de la pièce.");
  const changes: Partial<OrderRow> = {};
  if (body.objet !== undefined) changes.objet = body.objet;
  if (body.lignes) {
    const lignes = withAmounts(body.lignes);
    checkTotal(order.type, order.tranche, lignes);
    await guardConstraint(() => orderRecords.replaceLines(tx.db, order.id, lignes), REFUSALS);
    changes.total = totalOf(lignes);
  }
  await guardConstraint(() => orderRecords.update(tx.db, order.id, changes, tx.clock.now()), REFUSALS);
  return { champs: Object.keys(changes) };
};
