/** The Union's bank (issue 34): statements imported, their lines matched, confirmed or left aside. */
import {
  BankCardSettleSchema,
  BankConfirmExactReportSchema,
  BankConfirmSchema,
  BankIgnoreSchema,
  BankImputeSchema,
  BankImportReportSchema,
  BankLineSchema,
  BankStatementListSchema,
  BankStatementSchema,
} from '../compta/bank';
import { BankSepaConfirmSchema } from '../compta/sepa';
import { API } from '../routes';
import { IdParamsSchema } from './auth';
import { defineCall } from './define';

export const BANK_CALLS = {
  statements: defineCall({
    method: 'GET',
    path: API.bank.statements,
    responses: { 200: BankStatementListSchema },
  }),
  /** The body is multipart (one CAMT.053 file), read by the handler: no body schema. */
  importStatement: defineCall({
    method: 'POST',
    path: API.bank.statements,
    responses: { 201: BankImportReportSchema },
  }),
  statement: defineCall({
    method: 'GET',
    path: API.bank.statement,
    params: IdParamsSchema,
    responses: { 200: BankStatementSchema },
  }),
  confirmExact: defineCall({
    method: 'POST',
    path: API.bank.confirmExact,
    params: IdParamsSchema,
    responses: { 200: BankConfirmExactReportSchema },
  }),
  confirmLine: defineCall({
    method: 'POST',
    path: API.bank.confirmLine,
    params: IdParamsSchema,
    body: BankConfirmSchema,
    responses: { 200: BankLineSchema },
  }),
  ignoreLine: defineCall({
    method: 'POST',
    path: API.bank.ignoreLine,
    params: IdParamsSchema,
    body: BankIgnoreSchema,
    responses: { 200: BankLineSchema },
  }),
  imputeLine: defineCall({
    method: 'POST',
    path: API.bank.imputeLine,
    params: IdParamsSchema,
    body: BankImputeSchema,
    responses: { 200: BankLineSchema },
  }),
  settleCards: defineCall({
    method: 'POST',
    path: API.bank.settleCards,
    params: IdParamsSchema,
    body: BankCardSettleSchema,
    responses: { 200: BankLineSchema },
  }),
  /** The line confirmed as a SEPA batch's collection (a credit) or the return of one of its debits. */
  sepaLine: defineCall({
    method: 'POST',
    path: API.bank.sepaLine,
    params: IdParamsSchema,
    body: BankSepaConfirmSchema,
    responses: { 200: BankLineSchema },
  }),
} as const;
