/**
 * The accounting section's pages (under /app/compta), loaded on first visit. The section opens on the
 * treasurer's dashboard (issue 33); the orders' list is « Factures et devis ».
 */
import { Navigate, type RouteObject } from 'react-router';

export const comptaRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="tableau-de-bord" replace /> },
  {
    path: 'tableau-de-bord',
    lazy: async () => ({ Component: (await import('./components/DashboardPage')).DashboardPage }),
  },
  {
    path: 'commandes',
    lazy: async () => ({ Component: (await import('./components/OrdersPage')).OrdersPage }),
  },
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
  {
    path: 'banque/rapprochement',
    lazy: async () => ({ Component: (await import('./components/ReconciliationPage')).ReconciliationPage }),
  },
  {
    path: 'banque/mandats',
    lazy: async () => ({ Component: (await import('./components/sepa/MandatesPage')).MandatesPage }),
  },
];
