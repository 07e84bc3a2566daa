/**
 * Route guards (specification §2): a section opens only to holders of its permission, with a live token;
 * anyone else goes back to the landing page.
 */
import type { Habilitation } from '@union/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { hasHabilitation, useSession } from '../lib/session';

export function RequireHabilitation({
  habilitation,
  children,
}: {
  habilitation: Habilitation;
  children?: ReactNode;
}) {
  const session = useSession();
  if (!hasHabilitation(session, habilitation)) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
