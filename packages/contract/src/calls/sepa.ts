/** SEPA direct debit of the dues (issue 34 §4): mandates, batches, their pain.008 files, a lodge's view. */
import { AccountParamsSchema } from '../accounts';
import {
  LodgeDirectDebitsSchema,
  MandateCreateSchema,
  MandateListSchema,
  MandateRevokeSchema,
  MandateSchema,
  SepaBatchCreateSchema,
  SepaBatchFileQuerySchema,
  SepaBatchListSchema,
  SepaBatchReportSchema,
  SepaBatchSchema,
} from '../compta/sepa';
import { API } from '../routes';
import { IdParamsSchema } from './auth';
import { defineCall } from './define';

export const SEPA_CALLS = {
  mandates: defineCall({ method: 'GET', path: API.sepa.mandates, responses: { 200: MandateListSchema } }),
  createMandate: defineCall({
    method: 'POST',
    path: API.sepa.mandates,
    body: MandateCreateSchema,
    responses: { 201: MandateSchema },
  }),
  /** The body is multipart (one PDF), read by the handler: no body schema. */
  storeMandatePdf: defineCall({
    method: 'PUT',
    path: API.sepa.mandatePdf,
    params: IdParamsSchema,
    responses: { 200: MandateSchema },
  }),
  /** The signed mandate's PDF, downloaded, not parsed. */
  mandatePdf: defineCall({ method: 'GET', path: API.sepa.mandatePdf, params: IdParamsSchema }),
  revokeMandate: defineCall({
    method: 'POST',
    path: API.sepa.revokeMandate,
    params: IdParamsSchema,
    body: MandateRevokeSchema,
    responses: { 200: MandateSchema },
  }),
  batches: defineCall({ method: 'GET', path: API.sepa.batches, responses: { 200: SepaBatchListSchema } }),
  createBatch: defineCall({
    method: 'POST',
    path: API.sepa.batches,
    body: SepaBatchCreateSchema,
    responses: { 201: SepaBatchReportSchema },
  }),
  /** The batch's pain.008 XML, downloaded: `version` 001.02 (absent) or 001.08. */
  batchFile: defineCall({
    method: 'GET',
    path: API.sepa.batchFile,
    params: IdParamsSchema,
    query: SepaBatchFileQuerySchema,
  }),
  sendBatch: defineCall({
    method: 'POST',
    path: API.sepa.sendBatch,
    params: IdParamsSchema,
    responses: { 200: SepaBatchSchema },
  }),
  cancelBatch: defineCall({
    method: 'POST',
    path: API.sepa.cancelBatch,
    params: IdParamsSchema,
    responses: { 200: SepaBatchSchema },
  }),
  lodge: defineCall({
    method: 'GET',
    path: API.sepa.lodge,
    params: AccountParamsSchema,
    responses: { 200: LodgeDirectDebitsSchema },
  }),
} as const;
