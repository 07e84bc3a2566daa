/** An entity's account (issue 20): what it owes and its credit, a payment across invoices, a refund, the deposit slip. */
import {
  ChequeDepositSchema,
  DepositCreateSchema,
  DepositSlipQuerySchema,
  EntityAccountSchema,
  PaymentCreateSchema,
  RefundCreateSchema,
} from '../../compta';
import { API } from '../../routes';
import { IdParamsSchema } from '../auth';
import { defineCall } from '../define';

export const COMPTA_PAYMENT_CALLS = {
  account: defineCall({
    method: 'GET',
    path: API.compta.account,
    params: IdParamsSchema,
    responses: { 200: EntityAccountSchema },
  }),
  pay: defineCall({
    method: 'POST',
    path: API.compta.payment,
    body: PaymentCreateSchema,
    responses: { 201: EntityAccountSchema },
  }),
  refund: defineCall({
    method: 'POST',
    path: API.compta.refund,
    params: IdParamsSchema,
    body: RefundCreateSchema,
    responses: { 201: EntityAccountSchema },
  }),
  /** Records the deposit of the period's cheques not yet deposited (5112 → 512). */
  deposit: defineCall({
    method: 'POST',
    path: API.compta.deposits,
    body: DepositCreateSchema,
    responses: { 201: ChequeDepositSchema },
  }),
  /** The slip of a recorded deposit, PDF, downloaded. */
  depositSlipOf: defineCall({ method: 'GET', path: API.compta.deposit, params: IdParamsSchema }),
  /** The slip of the cheques received in a period, PDF, downloaded. */
  depositSlip: defineCall({ method: 'GET', path: API.compta.depositSlip, query: DepositSlipQuerySchema }),
} as const;
