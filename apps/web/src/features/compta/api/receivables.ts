/** Aged receivables and the FEC export of the Union's accounts (issue 20, COMPTA_LECTURE). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AgedReceivablesSchema,
  API,
  pathTo,
  UnappliedOnlinePaymentListSchema,
  type OnlineSettlement,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export function useAgedReceivables() {
  return useQuery({
    queryKey: ['compta', 'balance-agee'],
    queryFn: () => api.get(API.compta.agedReceivables, { schema: AgedReceivablesSchema }),
    staleTime: 0,
  });
}

export const exportAgedReceivables = () => downloadFile(API.compta.agedReceivablesExcel, 'balance-agee.xlsx');

export const exportFec = (du: string, au: string) =>
  downloadFile(pathTo(API.compta.fec, {}, { du, au }), 'FEC.txt');

/** Online card payments « à régulariser » (paid at the bank when the invoice no longer owed it). */
export function useUnappliedOnline() {
  return useQuery({
    queryKey: ['compta', 'paiement-cb', 'a-regulariser'],
    queryFn: () =>
      api.get(API.compta.unappliedOnline, {
        schema: UnappliedOnlinePaymentListSchema,
      }),
    staleTime: 0,
  });
}

/** Keeps one as the lodge's credit, or records that it was refunded to the card. */
export function useSettleOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number } & OnlineSettlement) =>
      api.post(
        pathTo(API.compta.settleOnline, { id }),
        { action },
        { schema: UnappliedOnlinePaymentListSchema },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['compta'] }),
  });
}
