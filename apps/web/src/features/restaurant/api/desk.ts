/** The card desk's calls (issue 21): till sessions, credits and bar sales, receipts, the cards' balances. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DESK_CALLS, pathTo, type DeskMovementInput, type TillClose, type TillOpen } from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

const DESK_KEY = ['caisse'] as const;

export function useTillSessions(onlyOpen = false) {
  return useQuery({
    queryKey: [...DESK_KEY, 'sessions', onlyOpen],
    queryFn: () => api.call(DESK_CALLS.sessions, { query: { ouvertes: onlyOpen || undefined } }),
    staleTime: 0,
  });
}

export function useTillSession(id: number | undefined) {
  return useQuery({
    queryKey: [...DESK_KEY, 'session', id],
    queryFn: () => api.call(DESK_CALLS.session, { params: { id: id! } }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** The cards whose holder's name holds the text (two letters at least). */
export function useDeskCards(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...DESK_KEY, 'cartes', text],
    queryFn: () => api.call(DESK_CALLS.cards, { query: { q: text } }),
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
  useDeskMutation((input: TillOpen) => api.call(DESK_CALLS.open, { body: input }));

export const useCloseTill = () =>
  useDeskMutation(({ id, ...input }: TillClose & { id: number }) =>
    api.call(DESK_CALLS.close, { params: { id }, body: input }),
  );

export const useDeskMovement = () =>
  useDeskMutation(({ sessionId, input }: { sessionId: number; input: DeskMovementInput }) =>
    api.call(DESK_CALLS.move, { params: { id: sessionId }, body: input }),
  );

export const downloadReceipt = (movementId: number) =>
  downloadFile(pathTo(DESK_CALLS.receipt.path, { id: movementId }), `recu-${movementId}.pdf`);

export function useCardBalances(date: string) {
  return useQuery({
    queryKey: [...DESK_KEY, 'soldes', date],
    queryFn: () => api.call(DESK_CALLS.balances, { query: { date } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 0,
  });
}

export const downloadBalances = (date: string) =>
  downloadFile(pathTo(DESK_CALLS.balancesExcel.path, {}, { date }), `soldes-cartes-${date}.xlsx`);
