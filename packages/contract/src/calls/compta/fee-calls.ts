/** What a new order proposes, the fee table of a year and its workbook, the bulk fee call (specification §7). */
import {
  BulkCallReportSchema,
  BulkCallSchema,
  BulkIssuePreviewSchema,
  BulkIssueQuerySchema,
  BulkIssueReportSchema,
  BulkIssueSchema,
  FeeTableQuerySchema,
  FeeTableSchema,
  PreloadQuerySchema,
  PreloadSchema,
} from '../../compta';
import { API } from '../../routes';
import { defineCall } from '../define';

export const COMPTA_FEE_CALLS = {
  preload: defineCall({
    method: 'GET',
    path: API.compta.preload,
    query: PreloadQuerySchema,
    responses: { 200: PreloadSchema },
  }),
  feeTable: defineCall({
    method: 'GET',
    path: API.compta.feeTable,
    query: FeeTableQuerySchema,
    responses: { 200: FeeTableSchema },
  }),
  /** The fee table as an Excel workbook, downloaded. */
  feeTableExcel: defineCall({ method: 'GET', path: API.compta.feeTableExcel, query: FeeTableQuerySchema }),
  bulkCall: defineCall({
    method: 'POST',
    path: API.compta.bulkCall,
    body: BulkCallSchema,
    responses: { 201: BulkCallReportSchema },
  }),
  /** What issuing a fee call's drafts would do (issue 20). */
  bulkIssuePreview: defineCall({
    method: 'GET',
    path: API.compta.bulkIssue,
    query: BulkIssueQuerySchema,
    responses: { 200: BulkIssuePreviewSchema },
  }),
  /** Issues and e-mails the drafts of a fee call (issue 20). */
  bulkIssue: defineCall({
    method: 'POST',
    path: API.compta.bulkIssue,
    body: BulkIssueSchema,
    responses: { 200: BulkIssueReportSchema },
  }),
} as const;
