/**
 * The restaurant and the cards (specification §7 paths), one sub-area each: the meals and their dishes
 * (meals/), the orders and their payment at the bar or by card (orders/), the cards and their top-ups,
 * paid online through payment-provider/ (cards/), the card desk and its till sessions (desk/), the manager's dashboard (dashboard/).
 */
import type { App } from '../../types';
import cardsRoutes from './cards/routes';
import restaurantDashboardRoutes from './dashboard/routes';
import deskRoutes from './desk/routes';
import mealsRoutes from './meals/routes';
import ordersRoutes from './orders/routes';

export default async function restaurantRoutes(app: App) {
  await app.register(mealsRoutes);
  await app.register(ordersRoutes);
  await app.register(cardsRoutes);
  await app.register(deskRoutes);
  await app.register(restaurantDashboardRoutes);
}
