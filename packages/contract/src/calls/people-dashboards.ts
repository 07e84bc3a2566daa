/** The lodge officers' and the administrators' dashboards (issue 33): one call each. */
import { AccountParamsSchema } from '../accounts';
import { AdminDashboardSchema, LodgeDashboardSchema } from '../people-dashboards';
import { API } from '../routes';
import { defineCall } from './define';

export const PEOPLE_DASHBOARD_CALLS = {
  lodge: defineCall({
    method: 'GET',
    path: API.peopleDashboards.lodge,
    params: AccountParamsSchema,
    responses: { 200: LodgeDashboardSchema },
  }),
  admin: defineCall({
    method: 'GET',
    path: API.peopleDashboards.admin,
    responses: { 200: AdminDashboardSchema },
  }),
  /** Each dashboard's figures in Excel, a sheet per chart, downloaded. */
  lodgeExcel: defineCall({
    method: 'GET',
    path: API.peopleDashboards.lodgeExcel,
    params: AccountParamsSchema,
  }),
  adminExcel: defineCall({ method: 'GET', path: API.peopleDashboards.adminExcel }),
} as const;
