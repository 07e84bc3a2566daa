/** Aged receivables and the FEC export of the Union's accounts (issue 20, COMPTA_LECTURE). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPTA_EXPORT_CALLS, COMPTA_ONLINE_CALLS, pathTo, type OnlineSettlement } from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export function useAgedReceivables() {
  return useQuery({
    queryKey: ['compta', 'balance-agee'],
    queryFn: () => api.call(COMPTA_EXPORT_CALLS.agedReceivables),
    staleTime: 0,
  });
}

export const exportAgedReceivables = () =>
  downloadFile(COMPTA_EXPORT_CALLS.agedReceivablesExcel.path, 'balance-agee.xlsx');

export const exportFec = (du: string, au: string) =>
  downloadFile(pathTo(COMPTA_EXPORT_CALLS.fec.path, {}, { du, au }), 'FEC.txt');

/** Online card payments « à régulariser » (paid at the bank when the invoice no longer owed it). */
export function useUnappliedOnline() {
  return useQuery({
    queryKey: ['compta', 'paiement-cb', 'a-regulariser'],
    queryFn: () => api.call(COMPTA_ONLINE_CALLS.unapplied),
    staleTime: 0,
  });
}

/** Keeps one as the lodge's credit, or records that it was refunded to the card. */
export function useSettleOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number } & OnlineSettlement) =>
      api.call(COMPTA_ONLINE_CALLS.settle, { params: { id }, body: { action } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['compta'] }),
  });
}
