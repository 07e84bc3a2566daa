/** The accounting section's pages (under /app/compta), loaded on first visit. */
import type { RouteObject } from 'react-router';

export const comptaRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./components/OrdersPage')).OrdersPage }) },
  {
    path: 'nouvelle',
    lazy: async () => ({ Component: (await import('./components/NewOrderPage')).NewOrderPage }),
  },
  {
    path: 'commandes/:orderId',
    lazy: async () => ({ Component: (await import('./components/OrderPage')).OrderPage }),
  },
  {
    path: 'cotisations',
    lazy: async () => ({ Component: (await import('./components/FeeTablePage')).FeeTablePage }),
  },
  {
    path: 'relances',
    lazy: async () => ({ Component: (await import('./components/RemindersPage')).RemindersPage }),
  },
  {
    path: 'balance-agee',
    lazy: async () => ({ Component: (await import('./components/ReceivablesPage')).ReceivablesPage }),
  },
  {
    path: 'banque',
    lazy: async () => ({ Component: (await import('./components/BankPage')).BankPage }),
  },
];
