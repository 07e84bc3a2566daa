/**
 * The sections of the authenticated area (specification §2) and the permission each requires: the one list
 * the router is built from. A feature exports its routes (relative to its section) and is plugged in here.
 */
import type { Habilitation } from '@union/contract';
import type { RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { adminRoutes } from '../features/admin/routes';
import { comptaRoutes } from '../features/compta/routes';
import { documentsRoutes } from '../features/documents/routes';
import { logeRoutes } from '../features/loge/routes';
import { messagesRoutes } from '../features/messages/routes';
import { reservationsRoutes } from '../features/reservations/routes';
import { restaurantRoutes } from '../features/restaurant/routes';
import { portalRoutes } from './portal/routes';

export interface AppSection {
  /** Path under /app. */
  path: string;
  /** Required for the whole section; anyone without it is sent back to /. */
  habilitation: Habilitation;
  /** The section's own routes, relative to it. */
  routes: RouteObject[];
}

export const APP_SECTIONS: AppSection[] = [
  { path: 'portail', habilitation: 'USER', routes: portalRoutes },
  { path: 'diffusions', habilitation: 'DIFFUSION', routes: messagesRoutes },
  { path: 'reservations', habilitation: 'PLANNING', routes: reservationsRoutes },
  { path: 'restauration', habilitation: 'USER', routes: restaurantRoutes },
  { path: 'loge', habilitation: 'LOGE', routes: logeRoutes },
  { path: 'compta', habilitation: 'COMPTA_LECTURE', routes: comptaRoutes },
  { path: 'doc', habilitation: 'USER', routes: documentsRoutes },
  { path: 'admin', habilitation: 'ADMIN', routes: adminRoutes },
  { path: 'account', habilitation: 'USER', routes: accountRoutes },
];
