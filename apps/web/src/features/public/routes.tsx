/** The public information pages (specification §2). */
import type { RouteObject } from 'react-router';
import { LandingPage } from './components/LandingPage';

// The landing page is part of the first load; the others are loaded when visited.
export const publicRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  {
    path: 'page-not-found',
    lazy: async () => ({ Component: (await import('./components/NotFoundPage')).NotFoundPage }),
  },
  {
    path: 'access-denied',
    lazy: async () => ({ Component: (await import('./components/AccessDeniedPage')).AccessDeniedPage }),
  },
  {
    path: 'mentions-legales',
    lazy: async () => ({ Component: (await import('./components/LegalNoticePage')).LegalNoticePage }),
  },
];
