/**
 * The Union's views of every account (issue 20): aged receivables, on screen and in Excel, the FEC; and
 * the online card payments « à régulariser » with the treasurer's settling of one.
 */
import {
  AgedReceivablesSchema,
  OnlineSettlementSchema,
  UnappliedOnlinePaymentListSchema,
} from '../../accounts';
import { PeriodQuerySchema } from '../../period';
import { API } from '../../routes';
import { IdParamsSchema } from '../auth';
import { defineCall } from '../define';

export const COMPTA_EXPORT_CALLS = {
  agedReceivables: defineCall({
    method: 'GET',
    path: API.compta.agedReceivables,
    responses: { 200: AgedReceivablesSchema },
  }),
  /** The aged receivables as an Excel workbook, downloaded. */
  agedReceivablesExcel: defineCall({ method: 'GET', path: API.compta.agedReceivablesExcel }),
  /** The FEC text file of a period, downloaded. */
  fec: defineCall({ method: 'GET', path: API.compta.fec, query: PeriodQuerySchema }),
} as const;

export const COMPTA_ONLINE_CALLS = {
  unapplied: defineCall({
    method: 'GET',
    path: API.compta.unappliedOnline,
    responses: { 200: UnappliedOnlinePaymentListSchema },
  }),
  /** Keeps one as the lodge's credit, or records that it was refunded to the card. */
  settle: defineCall({
    method: 'POST',
    path: API.compta.settleOnline,
    params: IdParamsSchema,
    body: OnlineSettlementSchema,
    responses: { 200: UnappliedOnlinePaymentListSchema },
  }),
} as const;
