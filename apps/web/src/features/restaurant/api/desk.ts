/** The card desk's calls (issue 21): till sessions, credits and bar sales, receipts, the cards' balances. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  pathTo,
  type CardBalances,
  type DeskCard,
  type DeskMovement,
  type DeskMovementInput,
  type TillClose,
  type TillOpen,
  type TillSession,
  type TillSessionDetail,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

const DESK_KEY = ['caisse'] as const;

export function useTillSessions(onlyOpen = false) {
  return useQuery({
    queryKey: [...DESK_KEY, 'sessions', onlyOpen],
    queryFn: () => api.get<TillSession[]>(pathTo(API.desk.sessions, {}, { ouvertes: onlyOpen || undefined })),
    staleTime: 0,
  });
}

export function useTillSession(id: number | undefined) {
  return useQuery({
    queryKey: [...DESK_KEY, 'session', id],
    queryFn: () => api.get<TillSessionDetail>(pathTo(API.desk.session, { id: id! })),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** The cards whose holder's name holds the text (two letters at least). */
export function useDeskCards(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...DESK_KEY, 'cartes', text],
    queryFn: () => api.get<DeskCard[]>(pathTo(API.desk.cards, {}, { q: text })),
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
  useDeskMutation((input: TillOpen) => api.post<TillSessionDetail>(API.desk.sessions, input));

export const useCloseTill = () =>
  useDeskMutation(({ id, ...input }: TillClose & { id: number }) =>
    api.post<TillSessionDetail>(pathTo(API.desk.close, { id }), input),
  );

export const useDeskMovement = () =>
  useDeskMutation(({ sessionId, input }: { sessionId: number; input: DeskMovementInput }) =>
    api.post<DeskMovement>(pathTo(API.desk.movements, { id: sessionId }), input),
  );

export const downloadReceipt = (movementId: number) =>
  downloadFile(pathTo(API.desk.receipt, { id: movementId }), `recu-${movementId}.pdf`);

export function useCardBalances(date: string) {
  return useQuery({
    queryKey: [...DESK_KEY, 'soldes', date],
    queryFn: () => api.get<CardBalances>(pathTo(API.desk.balances, {}, { date })),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 0,
  });
}

export const downloadBalances = (date: string) =>
  downloadFile(pathTo(API.desk.balancesExcel, {}, { date }), `soldes-cartes-${date}.xlsx`);
