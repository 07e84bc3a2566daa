import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RESERVATION_CALLS,
  type Reservation,
  type ReservationChange,
  type ReservationChangeAction,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { PLANNING_KEY } from './keys';

interface ChangeRequest {
  action: ReservationChangeAction;
  body: ReservationChange;
}

/** PUT /api/reservation?action=: one action of the workflow (EDIT carries the changes, refusals a reason). */
function changeReservation({ action, body }: ChangeRequest): Promise<Reservation> {
  return api.call(RESERVATION_CALLS.change, { query: { action }, body });
}

export function useChangeReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}
