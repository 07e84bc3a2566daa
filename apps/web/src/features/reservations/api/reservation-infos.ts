import { useQuery } from '@tanstack/react-query';
import { RESERVATION_CALLS, type ReservationDetail } from '@union/contract';
import { api } from '../../../lib/api-client';
import { planningKeys } from './keys';

/** GET /api/reservation/{id}/infos: the reservation, its allowed actions and its history. */
function fetchReservationInfos(id: number): Promise<ReservationDetail> {
  return api.call(RESERVATION_CALLS.infos, { params: { id } });
}

export function useReservationInfos(id: number | null) {
  return useQuery({
    queryKey: planningKeys.infos(id ?? 0),
    queryFn: () => fetchReservationInfos(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
