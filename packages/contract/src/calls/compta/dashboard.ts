/** The treasurer's dashboard (issue 33, COMPTA_LECTURE): one call per chart group, and its Excel file. */
import {
  DashboardCardsSchema,
  DashboardDueSchema,
  DashboardMonthsSchema,
  DashboardReceivablesSchema,
  DashboardYearQuerySchema,
} from '../../compta';
import { API } from '../../routes';
import { defineCall } from '../define';

export const COMPTA_DASHBOARD_CALLS = {
  receivables: defineCall({
    method: 'GET',
    path: API.compta.dashboardReceivables,
    responses: { 200: DashboardReceivablesSchema },
  }),
  months: defineCall({
    method: 'GET',
    path: API.compta.dashboardMonths,
    query: DashboardYearQuerySchema,
    responses: { 200: DashboardMonthsSchema },
  }),
  cards: defineCall({
    method: 'GET',
    path: API.compta.dashboardCards,
    responses: { 200: DashboardCardsSchema },
  }),
  due: defineCall({
    method: 'GET',
    path: API.compta.dashboardDue,
    responses: { 200: DashboardDueSchema },
  }),
  /** Every chart's figures, one sheet per chart, downloaded. */
  excel: defineCall({
    method: 'GET',
    path: API.compta.dashboardExcel,
    query: DashboardYearQuerySchema,
  }),
} as const;
