import type { RouteObject } from 'react-router';

/** The portal (under /app/portail), loaded on first visit like every section. */
export const portalRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./PortalPage')).PortalPage }) },
];
