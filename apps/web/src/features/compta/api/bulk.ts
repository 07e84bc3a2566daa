/** The treasurer's work in bulk (issue 20): a fee call's drafts issued at once, the « Relances » batch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPTA_FEE_CALLS, COMPTA_REMINDER_CALLS, pathTo, type Instalment } from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

const COMPTA_KEY = ['compta'] as const;

export const bulkIssuePreview = (q: { annee: number; tranche: Instalment }) =>
  api.call(COMPTA_FEE_CALLS.bulkIssuePreview, { query: q });

export function useBulkIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { annee: number; tranche: Instalment; ids: number[] }) =>
      api.call(COMPTA_FEE_CALLS.bulkIssue, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export const useOverdue = () =>
  useQuery({
    queryKey: [...COMPTA_KEY, 'relances'],
    queryFn: () => api.call(COMPTA_REMINDER_CALLS.overdue),
  });

export const reminderPreview = (ids: number[]) => api.call(COMPTA_REMINDER_CALLS.preview, { body: { ids } });

export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.call(COMPTA_REMINDER_CALLS.send, { body: { ids } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export const downloadLetter = (id: number, rang: number) =>
  downloadFile(pathTo(COMPTA_REMINDER_CALLS.letter.path, { id, rang }), `relance-${rang}-${id}.pdf`);
