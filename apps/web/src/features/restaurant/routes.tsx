/** The restaurant section's pages (under /app/restauration), loaded on first visit. */
import type { RouteObject } from 'react-router';
import { RequireHabilitation } from '../../components/RequireHabilitation';

export const restaurantRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./components/dashboard/RestaurantHome')).RestaurantHome }),
  },
  {
    path: 'repas',
    lazy: async () => ({ Component: (await import('./components/RestaurantPage')).RestaurantPage }),
  },
  {
    path: 'tableau-de-bord',
    element: <RequireHabilitation habilitation="MENUS" />,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./components/dashboard/RestaurantDashboardPage')).RestaurantDashboardPage,
        }),
      },
    ],
  },
  {
    path: 'rechargements',
    element: <RequireHabilitation habilitation="COMPTA_SAISIE" />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./components/TopUpsPage')).TopUpsPage }),
      },
    ],
  },
  {
    path: 'caisse',
    element: <RequireHabilitation habilitation="MENUS" />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./components/DeskPage')).DeskPage }),
      },
    ],
  },
  {
    path: 'soldes',
    element: <RequireHabilitation habilitation="COMPTA_LECTURE" />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./components/BalancesPage')).BalancesPage }),
      },
    ],
  },
];
