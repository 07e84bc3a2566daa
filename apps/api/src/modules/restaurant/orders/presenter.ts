/**
 * Meal order rows → contract DTOs, with the actions the caller may take now (policy × machine): their
 * lines and the balance of the card each would be paid with. Pure: what it shapes was read by the
 * services (orders/reads.ts).
 */
import type { MealOrder } from '@union/contract';
import { allowedActions } from '../../../lib/policy';
import type { Balances } from '../cards/repository';
import { orderMachine } from '../machine';
import { mayOrder, type RestaurantContext } from '../policy';
import type { LineRow, OrderRow } from './repository';

/** Lines grouped by order: a week of 2,000 orders must not scan every line for each order. */
export function linesByOrder(lines: LineRow[]): Map<number, LineRow[]> {
  const grouped = new Map<number, LineRow[]>();
  for (const line of lines) {
    const list = grouped.get(line.orderId);
    if (list) list.push(line);
    else grouped.set(line.orderId, [line]);
  }
  return grouped;
}

export function presentOrder(
  ctx: RestaurantContext,
  row: OrderRow,
  lines: ReadonlyMap<number, LineRow[]>,
  balances: Balances | null,
  mealOpen: boolean,
): MealOrder {
  const o = row.order;
  const facts = { userId: o.userId, entityId: o.entityId, mealOpen };
  const soldeCarte =
    balances === null
      ? null
      : o.entityId !== null
        ? (balances.entities.get(o.entityId) ?? 0)
        : (balances.users.get(o.userId) ?? 0);
  return {
    id: o.id,
    idRepas: o.mealId,
    date: row.jour,
    repas: row.titre,
    personne: { id: o.userId, nom: row.nom, prenom: row.prenom },
    idEntite: o.entityId,
    entite: row.entite,
    invites: o.invites,
    lignes: (lines.get(o.id) ?? []).map((l) => ({
      idPlat: l.dishId,
      libelle: l.libelle,
      type: l.type,
      quantite: l.quantite,
      prixUnitaire: l.prixUnitaire,
    })),
    montant: o.montant,
    etat: o.etat,
    moyen: o.moyen,
    commentaire: o.commentaire,
    dateRefus: o.dateRefus,
    soldeCarte,
    actions: allowedActions(orderMachine, o.etat, (a) => mayOrder(ctx, a, facts)),
  };
}

/** What the order views need besides the rows, read by the services (orders/reads.ts). */
export interface OrderLinesAndBalances {
  lines: ReadonlyMap<number, LineRow[]>;
  /** The balance of the card each order would be paid with; null when the caller is not to see them. */
  balances: Balances | null;
}

/** Orders with their lines and the balance of the card each would be paid with. */
export const presentOrders = (
  rctx: RestaurantContext,
  rows: OrderRow[],
  facts: OrderLinesAndBalances,
  openOf: (row: OrderRow) => boolean,
): MealOrder[] => rows.map((row) => presentOrder(rctx, row, facts.lines, facts.balances, openOf(row)));
