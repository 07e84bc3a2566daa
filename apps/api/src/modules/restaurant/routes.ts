/**
 * The restaurant and the cards (specification §7 paths), one sub-area each: the meals and their dishes
 * (meals/), the orders and their payment at the desk (orders/), the cards, their top-ups and the
 * provider's notification (cards/).
 */
import type { App } from '../../types';
import cardsRoutes from './cards/routes';
import mealsRoutes from './meals/routes';
import ordersRoutes from './orders/routes';

export default async function restaurantRoutes(app: App) {
  await app.register(mealsRoutes);
  await app.register(ordersRoutes);
  await app.register(cardsRoutes);
}
