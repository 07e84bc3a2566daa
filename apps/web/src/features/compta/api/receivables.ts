/** Aged receivables and the FEC export of the Union's accounts (issue 20, COMPTA_LECTURE). */
import { useQuery } from '@tanstack/react-query';
import { AgedReceivablesSchema, API, pathTo, type AgedReceivables } from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export function useAgedReceivables() {
  return useQuery({
    queryKey: ['compta', 'balance-agee'],
    queryFn: () => api.get<AgedReceivables>(API.compta.agedReceivables, { schema: AgedReceivablesSchema }),
    staleTime: 0,
  });
}

export const exportAgedReceivables = () => downloadFile(API.compta.agedReceivablesExcel, 'balance-agee.xlsx');

export const exportFec = (du: string, au: string) =>
  downloadFile(pathTo(API.compta.fec, {}, { du, au }), 'FEC.txt');
