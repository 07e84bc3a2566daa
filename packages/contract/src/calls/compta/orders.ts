/**
 * The Union's orders (specification §7, plus the credit note PDF): their search and Excel list, an order's
 * page, its creation, each action on it, and its PDFs.
 */
import { AccountDocumentKind } from '../../accounts';
import {
  OrderChangeQuerySchema,
  OrderChangeSchema,
  OrderCreateSchema,
  OrderDetailSchema,
  OrderSearchResultSchema,
  OrderSearchSchema,
} from '../../compta';
import { API } from '../../routes';
import { IdParamsSchema } from '../auth';
import { defineCall } from '../define';

export const COMPTA_ORDER_CALLS = {
  search: defineCall({
    method: 'POST',
    path: API.compta.search,
    body: OrderSearchSchema,
    responses: { 200: OrderSearchResultSchema },
  }),
  /** The search's orders as an Excel workbook, downloaded. */
  excel: defineCall({ method: 'POST', path: API.compta.excel, body: OrderSearchSchema }),
  infos: defineCall({
    method: 'GET',
    path: API.compta.infos,
    params: IdParamsSchema,
    responses: { 200: OrderDetailSchema },
  }),
  create: defineCall({
    method: 'POST',
    path: API.compta.order,
    body: OrderCreateSchema,
    responses: { 201: OrderDetailSchema },
  }),
  /** Each action on an order (`action` of the query) answers the order as it is now. */
  change: defineCall({
    method: 'PUT',
    path: API.compta.order,
    query: OrderChangeQuerySchema,
    body: OrderChangeSchema,
    responses: { 200: OrderDetailSchema },
  }),
  /** The quote, invoice, credit note or reminder PDF of an order, downloaded. */
  document: defineCall({
    method: 'GET',
    path: API.compta.document,
    params: IdParamsSchema.extend({ kind: AccountDocumentKind }),
  }),
  /** One credit note's PDF (Factur-X, type 381), by the credit note's id. */
  creditNote: defineCall({ method: 'GET', path: API.compta.creditNote, params: IdParamsSchema }),
} as const;
