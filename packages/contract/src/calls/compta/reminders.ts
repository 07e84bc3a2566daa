/** The « Relances » screen's calls (issue 20): the overdue invoices, a batch's preview and sending, each letter sent. */
import {
  OverdueListSchema,
  ReminderBatchReportSchema,
  ReminderBatchSchema,
  ReminderLetterParamsSchema,
} from '../../compta';
import { API } from '../../routes';
import { defineCall } from '../define';

export const COMPTA_REMINDER_CALLS = {
  overdue: defineCall({ method: 'GET', path: API.compta.reminders, responses: { 200: OverdueListSchema } }),
  preview: defineCall({
    method: 'POST',
    path: API.compta.remindersPreview,
    body: ReminderBatchSchema,
    responses: { 200: ReminderBatchReportSchema },
  }),
  send: defineCall({
    method: 'POST',
    path: API.compta.remindersSend,
    body: ReminderBatchSchema,
    responses: { 200: ReminderBatchReportSchema },
  }),
  /** The `rang`-th reminder letter of an invoice as it was sent, PDF, downloaded. */
  letter: defineCall({ method: 'GET', path: API.compta.reminderLetter, params: ReminderLetterParamsSchema }),
} as const;
