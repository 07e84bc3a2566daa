/** Restaurant rows → contract DTOs, with the actions the caller may take now (policy × machine). */
import {
  hhmmOf,
  type Dish,
  type Meal,
  type MealOrder,
  type MealSession,
  type Movement,
  type TopUp,
} from '@union/contract';
import { allowedActions } from '../../lib/policy';
import { mealMachine, orderMachine, topUpMachine, type MealState } from './machine';
import { mayMeal, mayOrder, mayTopUp, ownsAgapes, type RestaurantContext } from './policy';
import type {
  DishRecord,
  LineRow,
  MealRow,
  MovementRow,
  OrderRow,
  SessionRow,
  TopUpRecord,
} from './repository';

/** Whether the meal still takes orders and changes from its members: switched on, deadline not passed. */
export const mealAcceptsChanges = (row: MealRow, now: Date) => row.meal.ouvert && now < row.meal.limite;

export const mealState = (row: MealRow, now: Date): MealState =>
  mealAcceptsChanges(row, now) && row.meal.placesPrises < row.meal.places ? 'O' : 'F';

export const presentDish = (d: DishRecord): Dish => ({
  id: d.id,
  type: d.type,
  libelle: d.libelle,
  prix: d.prix,
});

export const presentSession = (s: SessionRow): MealSession => ({
  idReservation: s.id,
  idEntite: s.entityId,
  entite: s.entite,
  type: s.type,
  libelle: s.libelle,
  debut: hhmmOf(s.debut),
  fin: hhmmOf(s.fin),
  salle: s.salle,
});

export interface Balances {
  users: Map<number, number>;
  entities: Map<number, number>;
}

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

export function presentMeal(
  ctx: RestaurantContext,
  row: MealRow,
  now: Date,
  parts: { plats: DishRecord[]; mine: MealOrder[]; all: MealOrder[]; agapes: SessionRow | null },
): Meal {
  const m = row.meal;
  const state = mealState(row, now);
  return {
    id: m.id,
    date: m.jour,
    type: m.type,
    titre: m.titre,
    places: m.places,
    placesRestantes: m.places - m.placesPrises,
    limite: row.limiteLocale,
    ouvert: m.ouvert,
    commandable: state === 'O',
    notifie: m.notifiedAt !== null && m.notifiedAt >= m.updatedAt,
    agapes: parts.agapes && presentSession(parts.agapes),
    mesAgapes: parts.agapes !== null && ownsAgapes(ctx, parts.agapes.entityId),
    plats: parts.plats.filter((d) => d.mealId === m.id).map(presentDish),
    mesCommandes: parts.mine.filter((o) => o.idRepas === m.id),
    commandes: parts.all.filter((o) => o.idRepas === m.id),
    actions: allowedActions(mealMachine, state, (a) => mayMeal(ctx, a, m)),
  };
}

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
      a === 'PAID' || a === 'FAILED' ? false : mayTopUp(ctx, a, p),
    ) as TopUp['actions'],
  };
}
