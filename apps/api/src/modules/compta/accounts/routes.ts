/**
 * A lodge's or association's account for its officers (issue 20): the account, its PDFs, the statement
 * of a period, and the online card payment of an invoice. Thin: the service decides.
 */
import {
  AccountCreditNoteParamsSchema,
  AccountDocumentParamsSchema,
  AccountDocumentQuerySchema,
  AccountOrderParamsSchema,
  AccountParamsSchema,
  API,
  LodgeAccountSchema,
  OnlineSettlementSchema,
  RecordIdParamSchema,
  UnappliedOnlinePaymentListSchema,
  PeriodQuerySchema,
  ProviderFormSchema,
  StatementParamsSchema,
} from '@union/contract';
import type { App } from '../../../types';
import { XLSX_MIME } from '../documents/excel';
import { sendFile } from '../documents/files';
import { accountsService } from './service';
import { onlineSettlements } from './settle';
import { z } from 'zod';

export default async function accountsRoutes(app: App) {
  const tags = ['compte des loges'];

  app.get(
    API.accounts.account,
    { schema: { tags, params: AccountParamsSchema, response: { 200: LodgeAccountSchema } } },
    async (request) => accountsService.account(request.ctx, request.params.idEntite),
  );

  app.get(
    API.accounts.document,
    { schema: { tags, params: AccountDocumentParamsSchema, querystring: AccountDocumentQuerySchema } },
    async (request, reply) => {
      const { idEntite, id, kind } = request.params;
      const file = await accountsService.document(request.ctx, idEntite, id, kind, request.query.niveau);
      return sendFile(reply, file.nom, 'application/pdf', file.contenu);
    },
  );

  app.get(
    API.accounts.creditNote,
    { schema: { tags, params: AccountCreditNoteParamsSchema } },
    async (request, reply) => {
      const { idEntite, id } = request.params;
      const file = await accountsService.creditNote(request.ctx, idEntite, id);
      return sendFile(reply, file.nom, 'application/pdf', file.contenu);
    },
  );

  app.get(
    API.accounts.statement,
    { schema: { tags, params: StatementParamsSchema, querystring: PeriodQuerySchema } },
    async (request, reply) => {
      const { idEntite, format } = request.params;
      const file = await accountsService.statement(request.ctx, idEntite, format, request.query);
      return sendFile(reply, file.nom, format === 'pdf' ? 'application/pdf' : XLSX_MIME, file.contenu);
    },
  );

  app.post(
    API.accounts.pay,
    { schema: { tags, params: AccountOrderParamsSchema, response: { 201: ProviderFormSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await accountsService.startOnlinePayment(
            request.ctx,
            app.config,
            request.params.idEntite,
            request.params.id,
          ),
        ),
  );

  app.get(
    API.compta.unappliedOnline,
    { schema: { tags: ['comptabilité'], response: { 200: UnappliedOnlinePaymentListSchema } } },
    async (request) => onlineSettlements.list(request.ctx),
  );

  app.post(
    API.compta.settleOnline,
    {
      schema: {
        tags: ['comptabilité'],
        params: z.object({ id: RecordIdParamSchema }),
        body: OnlineSettlementSchema,
        response: { 200: UnappliedOnlinePaymentListSchema },
      },
    },
    async (request) => onlineSettlements.settle(request.ctx, request.params.id, request.body),
  );
}
