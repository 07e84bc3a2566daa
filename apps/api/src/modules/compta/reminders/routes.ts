/** The « Relances » screen's calls (issue 20): the overdue invoices, a batch's preview and sending, each letter sent. */
import {
  API,
  OverdueListSchema,
  ReminderBatchReportSchema,
  ReminderBatchSchema,
  ReminderLetterParamsSchema,
} from '@union/contract';
import type { App } from '../../../types';
import { sendFile } from '../documents/files';
import { remindersService } from './batch';

export default async function remindersRoutes(app: App) {
  const tags = ['comptabilité'];

  app.get(API.compta.reminders, { schema: { tags, response: { 200: OverdueListSchema } } }, async (request) =>
    remindersService.overdue(request.ctx),
  );

  app.post(
    API.compta.remindersPreview,
    { schema: { tags, body: ReminderBatchSchema, response: { 200: ReminderBatchReportSchema } } },
    async (request) => remindersService.preview(request.ctx, request.body.ids),
  );

  app.post(
    API.compta.remindersSend,
    { schema: { tags, body: ReminderBatchSchema, response: { 200: ReminderBatchReportSchema } } },
    async (request) => remindersService.send(request.ctx, request.body.ids),
  );

  app.get(
    API.compta.reminderLetter,
    { schema: { tags, params: ReminderLetterParamsSchema } },
    async (request, reply) => {
      const file = await remindersService.letter(request.ctx, request.params.id, request.params.rang);
      return sendFile(reply, file.nom, 'application/pdf', file.contenu);
    },
  );
}
