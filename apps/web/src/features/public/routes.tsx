/** The public information pages (specification §2). */
import type { RouteObject } from 'react-router';
import { AccessDeniedPage } from './components/AccessDeniedPage';
import { LandingPage } from './components/LandingPage';
import { LegalNoticePage } from './components/LegalNoticePage';
import { NotFoundPage } from './components/NotFoundPage';

export const publicRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  { path: 'page-not-found', element: <NotFoundPage /> },
  { path: 'access-denied', element: <AccessDeniedPage /> },
  { path: 'mentions-legales', element: <LegalNoticePage /> },
];
