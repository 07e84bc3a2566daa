/**
 * /app/restauration: the restaurant manager (MENUS) opens on the dashboard; everyone else, and a link to
 * a given week (`?date=`), on the week of meals, which stays at /app/restauration/repas for the manager.
 */
import { Navigate, useSearchParams } from 'react-router';
import { useHabilitation } from '../../../../lib/session';
import { RestaurantPage } from '../RestaurantPage';

export function RestaurantHome() {
  const [params] = useSearchParams();
  const manager = useHabilitation('MENUS');
  if (manager && params.size === 0) return <Navigate to="tableau-de-bord" replace />;
  return <RestaurantPage />;
}
