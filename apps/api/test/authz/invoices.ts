/** The one factory of an issued invoice for the authorization rows: written straight, as Outline's are. */
import { accountingOrders } from '../../src/db/schema';
import type { World } from './world';

/**
 * A fresh issued invoice of the entity (the lodge by default), of `total` cents, numbered from its own
 * series so numbers never clash, dated before every day the rows pay, remind or debit it: its id.
 */
export async function issuedInvoice(w: World, entityId = w.lodge, total = 1000): Promise<number> {
  const [row] = await w.t.db
    .insert(accountingOrders)
    .values({
      type: 'S',
      entityId,
      annee: w.annee,
      objet: 'Prestation',
      etat: 'FE',
      total,
      numeroFacture: `FA-MATRICE-${w.unique()}`,
      dateFacture: '2026-11-01',
      dateEcheance: '2026-12-01',
    })
    .returning({ id: accountingOrders.id });
  return row!.id;
}
