/**
 * Demo restaurant: meals in the coming three weeks (Tuesday lunch, Thursday evening agapes, tied to
 * that evening's session when there is one, Friday's bistrot), each with its dishes, and a lodge order
 * of the Vénérable, the administrator's own orders (one paid at the bar), an abandoned top-up of the
 * Vénérable's card, expired, and one of the administrator's, validated. Goes through the module's services,
 * so the demo data obeys the same rules as real data.
 */
import { eq } from 'drizzle-orm';
import { systemClock } from '../lib/context';
import { parisDay } from '../lib/dates';
import { addDays, weekdayOf } from '@union/contract';
import { mealsService } from '../modules/restaurant/meals/service';
import { orderPaymentService } from '../modules/restaurant/orders/payment';
import { mealOrdersService } from '../modules/restaurant/orders/service';
import { cardsService } from '../modules/restaurant/cards/service';
import { expireAbandonedTopUps } from '../modules/restaurant/cards/waiting';
import type { Database } from '../db/client';
import { demoContext } from './context';
import { entities, userPayments } from '../db/schema';

const MEALS = [
  {
    weekday: 2,
    type: 'M',
    titre: 'Déjeuner du mardi',
    places: 60,
    plats: [
      ['M', 'Menu du jour (entrée, plat, dessert)', 1800],
      ['P', 'Quenelle de brochet, sauce Nantua', 1350],
      ['D', 'Tarte aux pralines', 500],
      ['B', 'Pot de Côtes-du-Rhône (46 cl)', 900],
      ['C', 'Café', 150],
    ],
  },
  {
    weekday: 4,
    type: 'S',
    titre: 'Agapes du jeudi soir',
    places: 80,
    plats: [
      ['M', 'Menu des agapes', 2600],
      ['B', 'Bouteille de Saint-Joseph', 2400],
      ['C', 'Café', 150],
    ],
  },
  {
    weekday: 5,
    type: 'B',
    titre: 'Bistrot 45',
    places: 30,
    plats: [
      ['P', 'Planche lyonnaise', 1200],
      ['B', 'Verre de Beaujolais', 400],
    ],
  },
] as const;

export async function seedRestaurant(db: Database): Promise<void> {
  const ctxOf = (identifiant: string) => demoContext(db, identifiant);
  const chef = await ctxOf('restaurant');
  const venerable = await ctxOf('venerable');
  const admin = await ctxOf('admin');
  const [lodge] = await db.select().from(entities).where(eq(entities.code, 'CHEV-RHONE'));
  const today = parisDay();
  for (let week = 0; week < 3; week++) {
    for (const m of MEALS) {
      const date = addDays(today, ((m.weekday - weekdayOf(today) + 6) % 7) + 1 + 7 * week);
      // Evening agapes follow a lodge's session of that evening when the planning holds one.
      const session =
        m.type === 'S'
          ? (await mealsService.sessions(chef, date)).find((s) => s.debut >= '18:00')
          : undefined;
      const meal = await mealsService.createMeal(chef, {
        date,
        type: m.type,
        titre: m.titre,
        places: m.places,
        limite: `${m.type === 'S' ? date : addDays(date, -1)}T${m.type === 'S' ? '12:00' : '18:00'}`,
        ouvert: true,
        idReservation: session?.idReservation ?? null,
      });
      const dishIds: number[] = [];
      for (const [type, libelle, prix] of m.plats) {
        dishIds.push((await mealsService.createDish(chef, meal.id, { type, libelle, prix })).id);
      }
      if (week === 0 && m.type === 'S' && lodge) {
        await mealOrdersService.createOrder(venerable, meal.id, {
          idEntite: lodge.id,
          invites: 3,
          lignes: [{ idPlat: dishIds[0]!, quantite: 4 }],
          commentaire: 'Un convive végétarien',
        });
      }
      // The administrator's own orders on this week's lunch and bistrot, with an allergy to read on the
      // manager's dashboard; the lunch is paid at the bar, the dashboard's takings of the week.
      if (week === 0 && m.type !== 'S') {
        const { order } = await mealOrdersService.createOrder(admin, meal.id, {
          idEntite: null,
          invites: 1,
          lignes: [{ idPlat: dishIds[0]!, quantite: 2 }],
          commentaire: 'Allergie aux fruits à coque',
        });
        if (m.type === 'M') await orderPaymentService.pay(chef, meal.id, order.id, 'B', {});
      }
    }
  }
  // A top-up of 20 € started two days ago and never paid, expired by the very job that expires real
  // ones: the demo shows « Expiré (non payé) » on the Vénérable's card and in the treasurer's list.
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  await cardsService.create({ ...venerable, clock: { ...systemClock, now: () => twoDaysAgo } }, 2000);
  await expireAbandonedTopUps(db, systemClock);
  // The administrator's 40 € top-up, paid online and validated by the treasurer: the dashboard's cards
  // topped up. (The provider's notification is what marks it paid; the demo has no provider.)
  const topUp = await cardsService.create(admin, 4000);
  await db.update(userPayments).set({ etat: 'P' }).where(eq(userPayments.id, topUp.id));
  await cardsService.act(await ctxOf('tresorier'), topUp.id, 'VALIDATE', {});
}
