import type { RouteObject } from 'react-router';

/** The portal, where signing in leads: also fetched ahead while the sign-in form is filled (App.tsx). */
export const loadPortalPage = () => import('./PortalPage');

/** The portal (under /app/portail), loaded on first visit like every section. */
export const portalRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await loadPortalPage()).PortalPage }) },
];
