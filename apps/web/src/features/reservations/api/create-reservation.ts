import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESERVATION_CALLS, type Reservation, type ReservationInput } from '@union/contract';
import { api } from '../../../lib/api-client';
import { PLANNING_KEY } from './keys';

/** POST /api/reservation: a request (or a confirmed booking when made by Union staff). */
function createReservation(input: ReservationInput): Promise<Reservation> {
  return api.call(RESERVATION_CALLS.create, { body: input });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANNING_KEY }),
  });
}
