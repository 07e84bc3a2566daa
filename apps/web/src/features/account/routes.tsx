/** The account section's pages (under /app/account), loaded on first visit. */
import type { RouteObject } from 'react-router';
import { RequireHabilitation } from '../../components/RequireHabilitation';

export const accountRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./components/AccountPage')).AccountPage }) },
  {
    // The header offers these two only to holders of the right; the guard keeps typed URLs consistent.
    path: 'commandes',
    element: <RequireHabilitation habilitation="RESTAURATION" />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./components/MealOrdersPage')).MealOrdersPage }),
      },
    ],
  },
  {
    path: 'payments',
    element: <RequireHabilitation habilitation="PAYMENT" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./components/CardPage')).CardPage }) },
    ],
  },
];
