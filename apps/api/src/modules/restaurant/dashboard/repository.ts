/**
 * The restaurant manager's dashboard (issue 33): the season's figures, each one aggregate in SQL over the
 * meals' and the cards' tables, so the answer's size follows the season's meals and weeks, never its
 * orders or movements.
 */
import type { DishCount, MealCovers, WeeklyTakings, WeeklyTopUps } from '@union/contract';
import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { returnedRows } from '../../../db/arrays';
import { dishes, mealOrders, meals } from '../../../db/schema';
import { entityNames } from '../../entities/entity-repository';
import { userIdentities } from '../../users/identities';

/** The season's first and last day (Paris), inclusive. */
export interface Span {
  debut: string;
  fin: string;
}

/** An instant's Paris week (its Monday, yyyy-mm-dd); the zone is a literal so GROUP BY 1 matches it. */
const weekOf = (column: string) =>
  sql.raw(`to_char(date_trunc('week', ${column} AT TIME ZONE 'Europe/Paris'), 'YYYY-MM-DD')`);
/** An instant within the season's days, Paris time; written on the column alone, so its index serves. */
const within = (column: string, span: Span) =>
  sql`${sql.raw(column)} >= (${span.debut}::date)::timestamp AT TIME ZONE 'Europe/Paris'
    AND ${sql.raw(column)} < (${span.fin}::date + 1)::timestamp AT TIME ZONE 'Europe/Paris'`;

/** Every meal of the season in date order: its seats, orders, covers booked and covers paid. */
const coversSql = (span: Span) => sql`
  SELECT m.id, to_char(m.jour, 'YYYY-MM-DD') AS date, m.type, m.titre, m.places,
    count(o.id)::int AS commandes,
    coalesce(sum(1 + o.invites), 0)::int AS reserves,
    coalesce(sum(1 + o.invites) FILTER (WHERE o.etat = 'P'), 0)::int AS payes
  FROM meals m LEFT JOIN meal_orders o ON o.meal_id = m.id
  WHERE m.jour BETWEEN ${span.debut} AND ${span.fin}
  GROUP BY m.id`;

/**
 * The dishes ordered over the season, the same type and name together, most ordered first. Each of the
 * season's dishes sums its own lines through their index on the dish (`meal_order_lines_dish_idx`): 8 ms
 * at 40,000 lines where joining every line to its dish and meal took 19 ms (`npm run bench -- ops`).
 */
const dishesSql = (span: Span, limit: number) => sql`
  SELECT d.type, d.libelle, sum(q.quantite)::int AS quantite
  FROM dishes d
  JOIN meals m ON m.id = d.meal_id
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(l.quantite), 0) AS quantite FROM meal_order_lines l WHERE l.dish_id = d.id) q
  WHERE m.jour BETWEEN ${span.debut} AND ${span.fin}
  GROUP BY d.type, d.libelle
  HAVING sum(q.quantite) > 0
  ORDER BY quantite DESC, d.libelle, d.type
  LIMIT ${limit}`;

/**
 * Money taken per week: online top-ups (R) and the desk's credits (G, cash or cheque) from the cards'
 * ledger, and the meal orders paid at the bar (B) or from a card (C, L), by the week they were paid.
 */
const takingsSql = (span: Span) => sql`
  SELECT semaine,
    coalesce(sum(carte), 0)::int AS carte, coalesce(sum(especes), 0)::int AS especes,
    coalesce(sum(cheque), 0)::int AS cheque, coalesce(sum(bar), 0)::int AS bar,
    coalesce(sum(carte_union), 0)::int AS "carteUnion"
  FROM (
    SELECT ${weekOf('created_at')} AS semaine,
      sum(montant) FILTER (WHERE type = 'R') AS carte,
      sum(montant) FILTER (WHERE type = 'G' AND moyen = 'E') AS especes,
      sum(montant) FILTER (WHERE type = 'G' AND moyen = 'C') AS cheque,
      0 AS bar, 0 AS carte_union
    FROM card_movements
    WHERE type IN ('R', 'G') AND ${within('created_at', span)}
    GROUP BY 1
    UNION ALL
    SELECT ${weekOf('paid_at')}, 0, 0, 0,
      sum(montant) FILTER (WHERE moyen = 'B'),
      sum(montant) FILTER (WHERE moyen IN ('C', 'L'))
    FROM meal_orders
    WHERE etat = 'P' AND moyen IN ('B', 'C', 'L') AND ${within('paid_at', span)}
    GROUP BY 1
  ) weeks
  GROUP BY semaine`;

/** The cards credited per week: online top-ups (R) and desk credits (G), the distinct cards, the sum. */
const topUpsSql = (span: Span) => sql`
  SELECT ${weekOf('created_at')} AS semaine,
    count(*) FILTER (WHERE type = 'R')::int AS "enLigne",
    count(*) FILTER (WHERE type = 'G')::int AS guichet,
    count(DISTINCT card_id)::int AS cartes,
    sum(montant)::int AS montant
  FROM card_movements
  WHERE type IN ('R', 'G') AND ${within('created_at', span)}
  GROUP BY 1`;

/** The rows of a query as one JSON array in the given order (`[]` for none). */
const asJson = (query: SQL, order: string) =>
  sql`(SELECT coalesce(json_agg(row_to_json(x) ORDER BY ${sql.raw(order)}), '[]'::json) FROM (${query}) x)`;

export interface SeasonFigures {
  repas: MealCovers[];
  plats: DishCount[];
  encaissements: WeeklyTakings[];
  rechargements: WeeklyTopUps[];
}

export const dashboardRepository = {
  /**
   * The season's four figures in one statement, as one JSON value: one round trip, and PGlite parses
   * the JSON natively instead of handing each field over one by one (as orders/repository.ts).
   */
  async season(db: Executor, span: Span, dishesShown: number): Promise<SeasonFigures> {
    const [row] = returnedRows<{ figures: SeasonFigures | string }>(
      await db.execute(sql`SELECT json_build_object(
        'repas', ${asJson(coversSql(span), 'x.date, x.type, x.id')},
        'plats', ${asJson(dishesSql(span, dishesShown), 'x.quantite DESC, x.libelle, x.type')},
        'encaissements', ${asJson(takingsSql(span), 'x.semaine')},
        'rechargements', ${asJson(topUpsSql(span), 'x.semaine')}
      ) AS figures`),
    );
    const figures = row!.figures;
    return typeof figures === 'string' ? (JSON.parse(figures) as SeasonFigures) : figures;
  },

  /** The first meal from `today` on (date, then type order, then creation). */
  async nextMeal(db: Executor, today: string) {
    const [meal] = await db
      .select({
        id: meals.id,
        date: sql<string>`to_char(${meals.jour}, 'YYYY-MM-DD')`,
        type: meals.type,
        titre: meals.titre,
        places: meals.places,
        reserves: meals.placesPrises,
      })
      .from(meals)
      .where(gte(meals.jour, today))
      .orderBy(asc(meals.jour), asc(meals.type), asc(meals.id))
      .limit(1);
    return meal;
  },

  /** A meal's dishes with the quantity ordered of each (0 for none), in the menu's order. */
  async dishCounts(db: Executor, mealId: number) {
    return db
      .select({
        id: dishes.id,
        type: dishes.type,
        libelle: dishes.libelle,
        quantite: sql<number>`(SELECT coalesce(sum(l.quantite), 0)::int FROM meal_order_lines l
          WHERE l.dish_id = ${dishes.id})`,
      })
      .from(dishes)
      .where(eq(dishes.mealId, mealId))
      .orderBy(asc(dishes.id));
  },

  /** A meal's orders that carry a remark (allergies are written there), with whom they are for. */
  async remarks(db: Executor, mealId: number) {
    const person = userIdentities(db);
    const entity = entityNames(db);
    return db
      .select({
        prenom: person.prenom,
        nom: person.nom,
        entite: entity.nom,
        invites: mealOrders.invites,
        remarque: mealOrders.commentaire,
      })
      .from(mealOrders)
      .innerJoin(person, eq(person.id, mealOrders.userId))
      .leftJoin(entity, eq(entity.id, mealOrders.entityId))
      .where(and(eq(mealOrders.mealId, mealId), sql`coalesce(btrim(${mealOrders.commentaire}), '') <> ''`))
      .orderBy(asc(person.nom), asc(person.prenom), asc(mealOrders.id));
  },
};
