import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RESERVATION_API,
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
  return api.put<Reservation>(RESERVATION_API.change(action), body);
}

export function useChangeReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}
