/** The planning section's pages (under /app/reservations), loaded on first visit. */
import type { RouteObject } from 'react-router';

export const reservationsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./components/dashboard/PlanningHome')).PlanningHome }),
  },
  {
    path: 'planning',
    lazy: async () => ({ Component: (await import('./components/PlanningPage')).PlanningPage }),
  },
  {
    path: 'tableau-de-bord',
    lazy: async () => ({
      Component: (await import('./components/dashboard/PlanningDashboardPage')).PlanningDashboardPage,
    }),
  },
  {
    path: 'demandes',
    lazy: async () => ({ Component: (await import('./components/MyRequestsPage')).MyRequestsPage }),
  },
  {
    path: 'fermetures',
    lazy: async () => ({ Component: (await import('./components/ClosuresPage')).ClosuresPage }),
  },
  {
    path: 'annuel',
    lazy: async () => ({ Component: (await import('./components/AnnualPlanningPage')).AnnualPlanningPage }),
  },
];
