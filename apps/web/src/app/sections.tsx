/**
 * The sections of the authenticated area (specification §2) and the permission each requires: the one list
 * the router is built from. A feature exports its routes (relative to its section) and is plugged in here;
 * a module not built yet shows the "coming soon" page instead of made-up data.
 */
import type { Habilitation } from '@union/contract';
import type { RouteObject } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';
import { accountRoutes } from '../features/account';
import { adminRoutes } from '../features/admin';
import { logeRoutes } from '../features/loge';
import { reservationsRoutes } from '../features/reservations';
import { portalRoutes } from './portal/routes';

export interface AppSection {
  /** Path under /app. */
  path: string;
  /** Required for the whole section; anyone without it is sent back to /. */
  habilitation: Habilitation;
  /** The section's own routes, relative to it. */
  routes: RouteObject[];
}

/** A module not built yet: the same page for the section and anything under it. */
export function comingSoon(title: string): RouteObject[] {
  const element = <ComingSoon title={title} />;
  return [
    { index: true, element },
    { path: '*', element },
  ];
}

export const APP_SECTIONS: AppSection[] = [
  { path: 'portail', habilitation: 'USER', routes: portalRoutes },
  { path: 'diffusions', habilitation: 'DIFFUSION', routes: comingSoon('Messages') },
  { path: 'reservations', habilitation: 'PLANNING', routes: reservationsRoutes },
  { path: 'restauration', habilitation: 'USER', routes: comingSoon('Restauration') },
  { path: 'loge', habilitation: 'LOGE', routes: logeRoutes },
  { path: 'compta', habilitation: 'COMPTA_LECTURE', routes: comingSoon('Comptabilité Union') },
  { path: 'doc', habilitation: 'USER', routes: comingSoon('Documents') },
  { path: 'admin', habilitation: 'ADMIN', routes: adminRoutes },
  { path: 'account', habilitation: 'USER', routes: accountRoutes },
];
