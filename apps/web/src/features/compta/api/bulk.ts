/** The treasurer's work in bulk (issue 20): a fee call's drafts issued at once, the « Relances » batch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  BulkIssuePreviewSchema,
  BulkIssueReportSchema,
  OverdueListSchema,
  pathTo,
  ReminderBatchReportSchema,
  type Instalment,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

const COMPTA_KEY = ['compta'] as const;

export const bulkIssuePreview = (q: { annee: number; tranche: Instalment }) =>
  api.get(pathTo(API.compta.bulkIssue, {}, q), { schema: BulkIssuePreviewSchema });

export function useBulkIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { annee: number; tranche: Instalment; ids: number[] }) =>
      api.post(API.compta.bulkIssue, body, { schema: BulkIssueReportSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export const useOverdue = () =>
  useQuery({
    queryKey: [...COMPTA_KEY, 'relances'],
    queryFn: () => api.get(API.compta.reminders, { schema: OverdueListSchema }),
  });

export const reminderPreview = (ids: number[]) =>
  api.post(API.compta.remindersPreview, { ids }, { schema: ReminderBatchReportSchema });

export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.post(API.compta.remindersSend, { ids }, { schema: ReminderBatchReportSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export const downloadLetter = (id: number, rang: number) =>
  downloadFile(pathTo(API.compta.reminderLetter, { id, rang }), `relance-${rang}-${id}.pdf`);
