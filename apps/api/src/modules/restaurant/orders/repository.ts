/**
 * The only code touching the meal orders' tables: orders and their lines. Other modules (users' GDPR
 * export) call it.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MealBar } from '@union/contract';
import type { Executor } from '../../../db/client';
import { dishes, mealOrderLines, mealOrders, meals } from '../../../db/schema';
import { entityNames } from '../../entities/entity-repository';
import { userIdentities } from '../../users/identities';
import { DISH_ORDER, type DishRecord } from '../repository';

export type OrderRecord = typeof mealOrders.$inferSelect;

/** The fields of an order the screens, the recap and the rules read (not its timestamps). */
const orderFields = {
  id: mealOrders.id,
  mealId: mealOrders.mealId,
  userId: mealOrders.userId,
  entityId: mealOrders.entityId,
  invites: mealOrders.invites,
  montant: mealOrders.montant,
  etat: mealOrders.etat,
  moyen: mealOrders.moyen,
  commentaire: mealOrders.commentaire,
  dateRefus: mealOrders.dateRefus,
};
export type OrderFields = Pick<OrderRecord, keyof typeof orderFields>;

export type OrderRow = {
  order: OrderFields;
  nom: string;
  prenom: string;
  entite: string | null;
  jour: string;
  titre: string;
};

export interface LineRow {
  orderId: number;
  dishId: number;
  quantite: number;
  prixUnitaire: number;
  libelle: string;
  type: DishRecord['type'];
}

/**
 * PGlite hands each field of a result to JavaScript one by one: for the week of 2,000 orders, decoding
 * the rows cost several times the query itself. The bulk reads below therefore ask PostgreSQL for one
 * JSON value (parsed natively) and select by meal, so that no list of thousands of ids travels as
 * parameters (docs/decisions/restaurant.md, « How the week is read »).
 */
const jsonRows = async <T>(db: Executor, query: SQL): Promise<T[]> => {
  const result = (await db.execute(sql`SELECT coalesce((${query}), '[]'::json) AS rows`)) as unknown as {
    rows: { rows: T[] | string }[];
  };
  const rows = result.rows[0]!.rows;
  // node-postgres and PGlite both parse json; a string would be a driver that does not.
  return typeof rows === 'string' ? (JSON.parse(rows) as T[]) : rows;
};

/** Who would pay the orders of these meals: their authors and their lodges (the cards' balances). */
export function orderPayersOfMeals(db: Executor, mealIds: number[]) {
  const ofMeals = sql`${mealOrders.mealId} = ANY(${sql.param(mealIds)}::int[])`;
  return {
    users: db.select({ id: mealOrders.userId }).from(mealOrders).where(ofMeals),
    entities: db.select({ id: mealOrders.entityId }).from(mealOrders).where(ofMeals),
  };
}

export const mealOrdersRepository = {
  /**
   * Orders with what screens show beside them: the person and the lodge (their owners' `userIdentities` and
   * `entityNames`, joined), the meal.
   */
  async orders(db: Executor, where: SQL | undefined, newestFirst = false, lock = false): Promise<OrderRow[]> {
    const person = userIdentities(db);
    const lodge = entityNames(db);
    const query = db
      .select({
        order: orderFields,
        nom: person.nom,
        prenom: person.prenom,
        entite: lodge.nom,
        jour: meals.jour,
        titre: meals.titre,
      })
      .from(mealOrders)
      .innerJoin(person, eq(person.id, mealOrders.userId))
      .innerJoin(meals, eq(meals.id, mealOrders.mealId))
      .leftJoin(lodge, eq(lodge.id, mealOrders.entityId))
      .where(where)
      .orderBy(
        ...(newestFirst
          ? [desc(meals.jour), desc(mealOrders.id)]
          : [asc(lodge.nom), asc(person.nom), asc(person.prenom), asc(mealOrders.id)]),
      );
    // Only the order's row: the person, the meal and the lodge are read, not locked.
    return lock ? query.for('update', { of: mealOrders }) : query;
  },

  /** Every order of these meals, in the order of `orders` (lodge, name, id): one JSON value (jsonRows). */
  async ordersOfMeals(db: Executor, mealIds: number[]): Promise<OrderRow[]> {
    if (mealIds.length === 0) return [];
    // Arrays rather than objects: PostgreSQL builds them faster, and the keys are not repeated 2,000 times.
    type Row = [
      number,
      number,
      number,
      number | null,
      number,
      number,
      OrderRecord['etat'],
      OrderRecord['moyen'],
      string | null,
      string | null,
      string,
      string,
      string | null,
      string,
      string,
    ];
    const person = userIdentities(db);
    const lodge = entityNames(db);
    const rows = await jsonRows<Row>(
      db,
      sql`SELECT json_agg(json_build_array(
            ${mealOrders.id}, ${mealOrders.mealId}, ${mealOrders.userId}, ${mealOrders.entityId},
            ${mealOrders.invites}, ${mealOrders.montant}, ${mealOrders.etat}, ${mealOrders.moyen},
            ${mealOrders.commentaire}, ${mealOrders.dateRefus},
            ${person.nom}, ${person.prenom}, ${lodge.nom}, ${meals.jour}, ${meals.titre})
          ORDER BY ${lodge.nom}, ${person.nom}, ${person.prenom}, ${mealOrders.id})
        FROM ${mealOrders}
        JOIN ${person} ON ${person.id} = ${mealOrders.userId}
        JOIN ${meals} ON ${meals.id} = ${mealOrders.mealId}
        LEFT JOIN ${lodge} ON ${lodge.id} = ${mealOrders.entityId}
        WHERE ${mealOrders.mealId} = ANY(${sql.param(mealIds)}::int[])`,
    );
    return rows.map(
      ([id, mealId, userId, entityId, invites, montant, etat, moyen, commentaire, dateRefus, ...rest]) => ({
        order: { id, mealId, userId, entityId, invites, montant, etat, moyen, commentaire, dateRefus },
        nom: rest[0],
        prenom: rest[1],
        entite: rest[2],
        jour: rest[3],
        titre: rest[4],
      }),
    );
  },

  ordersOfUserInMeals: (db: Executor, userId: number, mealIds: number[]) =>
    mealIds.length === 0
      ? Promise.resolve([])
      : mealOrdersRepository.orders(
          db,
          and(eq(mealOrders.userId, userId), inArray(mealOrders.mealId, mealIds)),
        ),

  ordersOfUser: (db: Executor, userId: number) =>
    mealOrdersRepository.orders(db, eq(mealOrders.userId, userId), true),

  /** The caller's order on a meal for themself (`entityId` null) or for a lodge, if any. */
  async findOwnOrder(
    db: Executor,
    mealId: number,
    userId: number,
    entityId: number | null,
  ): Promise<OrderRow | undefined> {
    const [row] = await mealOrdersRepository.orders(
      db,
      and(
        eq(mealOrders.mealId, mealId),
        eq(mealOrders.userId, userId),
        entityId === null ? isNull(mealOrders.entityId) : eq(mealOrders.entityId, entityId),
      ),
    );
    return row;
  },

  /** `lock`: the order's row stays locked until the transaction ends (two payments never both pass). */
  async findOrder(
    db: Executor,
    mealId: number,
    orderId: number,
    lock = false,
  ): Promise<OrderRow | undefined> {
    const [row] = await mealOrdersRepository.orders(
      db,
      and(eq(mealOrders.id, orderId), eq(mealOrders.mealId, mealId)),
      false,
      lock,
    );
    return row;
  },

  async linesOf(db: Executor, orderIds: number[]): Promise<LineRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select({
        orderId: mealOrderLines.orderId,
        dishId: mealOrderLines.dishId,
        quantite: mealOrderLines.quantite,
        prixUnitaire: mealOrderLines.prixUnitaire,
        libelle: dishes.libelle,
        type: dishes.type,
      })
      .from(mealOrderLines)
      .innerJoin(dishes, eq(dishes.id, mealOrderLines.dishId))
      .where(inArray(mealOrderLines.orderId, orderIds))
      .orderBy(sql`position(${dishes.type} in ${DISH_ORDER})`, asc(dishes.id));
  },

  /**
   * The lines of every order of these meals (a meal's lines name its own dishes): one JSON value, in the
   * menu's order (type M, P, D, B, C, then dish), sorted here rather than by the database (cheaper).
   */
  async linesOfMeals(db: Executor, mealIds: number[]): Promise<LineRow[]> {
    if (mealIds.length === 0) return [];
    const rows = await jsonRows<[number, number, number, number, string, DishRecord['type']]>(
      db,
      sql`SELECT json_agg(json_build_array(
            ${mealOrderLines.orderId}, ${mealOrderLines.dishId}, ${mealOrderLines.quantite},
            ${mealOrderLines.prixUnitaire}, ${dishes.libelle}, ${dishes.type}))
        FROM ${mealOrderLines}
        JOIN ${dishes} ON ${dishes.id} = ${mealOrderLines.dishId}
        WHERE ${dishes.mealId} = ANY(${sql.param(mealIds)}::int[])`,
    );
    return rows
      .map(([orderId, dishId, quantite, prixUnitaire, libelle, type]) => ({
        orderId,
        dishId,
        quantite,
        prixUnitaire,
        libelle,
        type,
      }))
      .sort((a, b) => DISH_ORDER.indexOf(a.type) - DISH_ORDER.indexOf(b.type) || a.dishId - b.dishId);
  },

  async insertOrder(db: Executor, o: typeof mealOrders.$inferInsert, at: Date): Promise<number> {
    const [row] = await db
      .insert(mealOrders)
      .values({ ...o, createdAt: at, updatedAt: at })
      .returning({ id: mealOrders.id });
    return row!.id;
  },

  async updateOrder(
    db: Executor,
    id: number,
    o: Partial<typeof mealOrders.$inferInsert>,
    at: Date,
  ): Promise<void> {
    await db
      .update(mealOrders)
      .set({ ...o, updatedAt: at })
      .where(eq(mealOrders.id, id));
  },

  async replaceLines(
    db: Executor,
    orderId: number,
    lines: { dishId: number; quantite: number; prixUnitaire: number }[],
  ): Promise<void> {
    await db.delete(mealOrderLines).where(eq(mealOrderLines.orderId, orderId));
    if (lines.length > 0) await db.insert(mealOrderLines).values(lines.map((l) => ({ ...l, orderId })));
  },

  async deleteOrder(db: Executor, id: number): Promise<void> {
    await db.delete(mealOrders).where(eq(mealOrders.id, id));
  },

  /**
   * Per meal, what the week shows MENUS at first: the number of its orders, the total of those not
   * offered and, apart, the offered ones (paid by invitation), split as the recap splits them.
   */
  async barOfMeals(db: Executor, mealIds: number[]): Promise<Map<number, MealBar>> {
    if (mealIds.length === 0) return new Map();
    const offered = sql`${mealOrders.etat} = 'P' and ${mealOrders.moyen} = 'I'`;
    const rows = await db
      .select({
        mealId: mealOrders.mealId,
        commandes: sql<number>`count(*)::int`,
        montant: sql<number>`coalesce(sum(${mealOrders.montant}) filter (where not (${offered})), 0)::int`,
        offertes: sql<number>`(count(*) filter (where ${offered}))::int`,
        offert: sql<number>`coalesce(sum(${mealOrders.montant}) filter (where ${offered}), 0)::int`,
      })
      .from(mealOrders)
      .where(inArray(mealOrders.mealId, mealIds))
      .groupBy(mealOrders.mealId);
    return new Map(rows.map(({ mealId, ...bar }) => [mealId, bar]));
  },

  async countPaidOrders(db: Executor, mealId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mealOrders)
      .where(and(eq(mealOrders.mealId, mealId), eq(mealOrders.etat, 'P')));
    return row!.n;
  },

  /** A meal's orders (their lines go with them), so the dishes they named are free to go with the meal. */
  async deleteOfMeal(db: Executor, mealId: number): Promise<void> {
    await db.delete(mealOrders).where(eq(mealOrders.mealId, mealId));
  },
};
