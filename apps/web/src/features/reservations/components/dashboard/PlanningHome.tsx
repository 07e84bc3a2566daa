/**
 * /app/reservations: Union staff open on the dashboard; everyone else, and a link to a given day
 * (`?date=`), on the planning, which stays at /app/reservations/planning for the staff. The week it asks
 * to know who the caller is is the one the planning shows first, so nobody waits twice.
 */
import { Loader } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { todayIso } from '../../api/dates';
import { useWeek } from '../../api/week';
import { PlanningPage } from '../PlanningPage';

export function PlanningHome() {
  const [params] = useSearchParams();
  // A link to a given day goes straight to the planning: this week is not asked for then.
  const week = useWeek(todayIso(), { enabled: params.size === 0 });
  if (params.size > 0) return <PlanningPage />;
  if (week.isPending) return <Loader aria-label="Chargement du planning" />;
  if (week.data?.gestion) return <Navigate to="tableau-de-bord" replace />;
  return <PlanningPage />;
}
