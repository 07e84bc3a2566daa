/** The bank reconciled (issue 34 §3): a Union bank account at a date, and its period validated. */
import {
  BankReconciliationLockSchema,
  BankReconciliationQuerySchema,
  BankReconciliationSchema,
  BankReconciliationValidateSchema,
} from '../compta/bank-reconciliation';
import { API } from '../routes';
import { defineCall } from './define';

export const BANK_RECONCILIATION_CALLS = {
  state: defineCall({
    method: 'GET',
    path: API.bankReconciliation.state,
    query: BankReconciliationQuerySchema,
    responses: { 200: BankReconciliationSchema },
  }),
  validate: defineCall({
    method: 'POST',
    path: API.bankReconciliation.validate,
    body: BankReconciliationValidateSchema,
    responses: { 201: BankReconciliationLockSchema },
  }),
} as const;
