/** The treasurer's work in bulk (issue 20): a fee call's drafts issued at once, the « Relances » batch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  pathTo,
  type BulkIssuePreview,
  type BulkIssueReport,
  type Instalment,
  type OverdueList,
  type ReminderBatchReport,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

const COMPTA_KEY = ['compta'] as const;

export const bulkIssuePreview = (q: { annee: number; tranche: Instalment }) =>
  api.get<BulkIssuePreview>(pathTo(API.compta.bulkIssue, {}, q));

export function useBulkIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { annee: number; tranche: Instalment; ids: number[] }) =>
      api.post<BulkIssueReport>(API.compta.bulkIssue, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export const useOverdue = () =>
  useQuery({
    queryKey: [...COMPTA_KEY, 'relances'],
    queryFn: () => api.get<OverdueList>(API.compta.reminders),
  });

export const reminderPreview = (ids: number[]) =>
  api.post<ReminderBatchReport>(API.compta.remindersPreview, { ids });

export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<ReminderBatchReport>(API.compta.remindersSend, { ids }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export const downloadLetter = (id: number, rang: number) =>
  downloadFile(pathTo(API.compta.reminderLetter, { id, rang }), `relance-${rang}-${id}.pdf`);
