/** The Gestion Loge section's page (under /app/loge), loaded on first visit. */
import type { RouteObject } from 'react-router';

export const logeRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./components/LogePage')).LogePage }) },
];
