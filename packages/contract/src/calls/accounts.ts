/** A lodge's or association's account, for its officers (issue 20). */
import {
  AccountCreditNoteParamsSchema,
  AccountDocumentParamsSchema,
  AccountDocumentQuerySchema,
  AccountOrderParamsSchema,
  AccountParamsSchema,
  LodgeAccountSchema,
  StatementParamsSchema,
} from '../accounts';
import { PeriodQuerySchema } from '../period';
import { ProviderFormSchema } from '../restaurant';
import { API } from '../routes';
import { defineCall } from './define';

export const ACCOUNT_CALLS = {
  account: defineCall({
    method: 'GET',
    path: API.accounts.account,
    params: AccountParamsSchema,
    responses: { 200: LodgeAccountSchema },
  }),
  /** An order's PDF (quote, invoice, credit note, reminder), downloaded, not parsed. */
  document: defineCall({
    method: 'GET',
    path: API.accounts.document,
    params: AccountDocumentParamsSchema,
    query: AccountDocumentQuerySchema,
  }),
  creditNote: defineCall({
    method: 'GET',
    path: API.accounts.creditNote,
    params: AccountCreditNoteParamsSchema,
  }),
  /** The statement of a period, a PDF or an Excel file, downloaded. */
  statement: defineCall({
    method: 'GET',
    path: API.accounts.statement,
    params: StatementParamsSchema,
    query: PeriodQuerySchema,
  }),
  /** Starts the online card payment of what remains due: the provider's signed form. */
  pay: defineCall({
    method: 'POST',
    path: API.accounts.pay,
    params: AccountOrderParamsSchema,
    responses: { 201: ProviderFormSchema },
  }),
} as const;
