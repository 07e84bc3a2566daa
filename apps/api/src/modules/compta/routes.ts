/**
 * The Union's accounting (specification §7, issues 20, 31 and 33): each room registers its own paths.
 */
import type { App } from '../../types';
import accountsRoutes from './accounts/routes';
import dashboardRoutes from './dashboard/routes';
import bankRoutes from './bank/routes';
import reconciliationRoutes from './bank/reconciliation/routes';
import exportsRoutes from './exports/routes';
import feeCallsRoutes from './fee-calls/routes';
import ordersRoutes from './orders/routes';
import paymentsRoutes from './payments/routes';
import remindersRoutes from './reminders/routes';
import sepaRoutes from './sepa/routes';

export default async function comptaRoutes(app: App) {
  await app.register(ordersRoutes);
  await app.register(feeCallsRoutes);
  await app.register(paymentsRoutes);
  await app.register(remindersRoutes);
  await app.register(accountsRoutes);
  await app.register(exportsRoutes);
  await app.register(dashboardRoutes);
  await app.register(bankRoutes);
  await app.register(reconciliationRoutes);
  await app.register(sepaRoutes);
}
