/** The card desk's calls (issue 21): till sessions, credits and bar sales, receipts, the cards' balances. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  CardBalancesSchema,
  DeskCardListSchema,
  DeskMovementSchema,
  pathTo,
  TillSessionDetailSchema,
  TillSessionListSchema,
  type DeskMovementInput,
  type TillClose,
  type TillOpen,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

const DESK_KEY = ['caisse'] as const;

export function useTillSessions(onlyOpen = false) {
  return useQuery({
    queryKey: [...DESK_KEY, 'sessions', onlyOpen],
    queryFn: () =>
      api.get(pathTo(API.desk.sessions, {}, { ouvertes: onlyOpen || undefined }), {
        schema: TillSessionListSchema,
      }),
    staleTime: 0,
  });
}

export function useTillSession(id: number | undefined) {
  return useQuery({
    queryKey: [...DESK_KEY, 'session', id],
    queryFn: () => api.get(pathTo(API.desk.session, { id: id! }), { schema: TillSessionDetailSchema }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** The cards whose holder's name holds the text (two letters at least). */
export function useDeskCards(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...DESK_KEY, 'cartes', text],
    queryFn: () => api.get(pathTo(API.desk.cards, {}, { q: text }), { schema: DeskCardListSchema }),
    enabled: text.length >= 2,
  });
}

function useDeskMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DESK_KEY }),
  });
}

export const useOpenTill = () =>
  useDeskMutation((input: TillOpen) =>
    api.post(API.desk.sessions, input, { schema: TillSessionDetailSchema }),
  );

export const useCloseTill = () =>
  useDeskMutation(({ id, ...input }: TillClose & { id: number }) =>
    api.post(pathTo(API.desk.close, { id }), input, { schema: TillSessionDetailSchema }),
  );

export const useDeskMovement = () =>
  useDeskMutation(({ sessionId, input }: { sessionId: number; input: DeskMovementInput }) =>
    api.post(pathTo(API.desk.movements, { id: sessionId }), input, { schema: DeskMovementSchema }),
  );

export const downloadReceipt = (movementId: number) =>
  downloadFile(pathTo(API.desk.receipt, { id: movementId }), `recu-${movementId}.pdf`);

export function useCardBalances(date: string) {
  return useQuery({
    queryKey: [...DESK_KEY, 'soldes', date],
    queryFn: () => api.get(pathTo(API.desk.balances, {}, { date }), { schema: CardBalancesSchema }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 0,
  });
}

export const downloadBalances = (date: string) =>
  downloadFile(pathTo(API.desk.balancesExcel, {}, { date }), `soldes-cartes-${date}.xlsx`);
