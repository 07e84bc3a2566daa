/** Reservations, closed days, the annual planning and the calendar feeds (specification §7). */
import { z } from 'zod';
import { CalendarFeedStateSchema } from '../calendar';
import { decimalParam, RecordIdOrAllParamSchema } from '../ids';
import {
  ClosureInputSchema,
  ClosureListSchema,
  ClosureResultSchema,
  IsoDateSchema,
  PendingRequestsSchema,
  PlanningDeleteResultSchema,
  PlanningEntryDetailSchema,
  PlanningEntryListSchema,
  PlanningInputSchema,
  PlanningSaveResultSchema,
  PlanningUpdateSchema,
  PlanningYearOpenedSchema,
  PlanningYearsSchema,
  ReservationChangeQuerySchema,
  ReservationChangeSchema,
  ReservationDetailSchema,
  ReservationInputSchema,
  ReservationSchema,
  WeekSchema,
} from '../reservations';
import { PlanningDashboardSchema } from '../ops-dashboards';
import { API } from '../routes';
import { IdParamsSchema } from './auth';
import { defineCall } from './define';

const DateParamsSchema = z.object({ date: IsoDateSchema });

export const RESERVATION_CALLS = {
  week: defineCall({
    method: 'GET',
    path: API.reservations.search,
    params: DateParamsSchema,
    responses: { 200: WeekSchema },
  }),
  pending: defineCall({
    method: 'GET',
    path: API.reservations.pending,
    responses: { 200: PendingRequestsSchema },
  }),
  infos: defineCall({
    method: 'GET',
    path: API.reservations.infos,
    params: IdParamsSchema,
    responses: { 200: ReservationDetailSchema },
  }),
  create: defineCall({
    method: 'POST',
    path: API.reservations.reservation,
    body: ReservationInputSchema,
    responses: { 201: ReservationSchema },
  }),
  change: defineCall({
    method: 'PUT',
    path: API.reservations.reservation,
    query: ReservationChangeQuerySchema,
    body: ReservationChangeSchema,
    responses: { 200: ReservationSchema },
  }),
  /** Union staff: occupancy, rooms × weekdays, requests waiting, closed days ahead (issue 33). */
  dashboard: defineCall({
    method: 'GET',
    path: API.reservations.dashboard,
    responses: { 200: PlanningDashboardSchema },
  }),
  /** The same figures in Excel, a sheet per chart, downloaded. */
  dashboardExcel: defineCall({ method: 'GET', path: API.reservations.dashboardExcel }),
} as const;

export const CLOSURE_CALLS = {
  list: defineCall({
    method: 'GET',
    path: API.closures.closure,
    params: DateParamsSchema,
    responses: { 200: ClosureListSchema },
  }),
  close: defineCall({
    method: 'POST',
    path: API.closures.closure,
    params: DateParamsSchema,
    body: ClosureInputSchema,
    responses: { 201: ClosureResultSchema },
  }),
  reopen: defineCall({
    method: 'DELETE',
    path: API.closures.closure,
    params: DateParamsSchema,
    responses: { 204: z.null() },
  }),
} as const;

export const PLANNING_CALLS = {
  years: defineCall({ method: 'GET', path: API.planning.years, responses: { 200: PlanningYearsSchema } }),
  openYear: defineCall({
    method: 'POST',
    path: API.planning.years,
    responses: { 201: PlanningYearOpenedSchema },
  }),
  /** 0 for the entity or the room means "all". */
  search: defineCall({
    method: 'GET',
    path: API.planning.search,
    params: z.object({
      annee: decimalParam(z.number().int().min(2000).max(2100), 'L’année doit être écrite en chiffres.'),
      idEntite: RecordIdOrAllParamSchema,
      idSalle: RecordIdOrAllParamSchema,
    }),
    responses: { 200: PlanningEntryListSchema },
  }),
  infos: defineCall({
    method: 'GET',
    path: API.planning.infos,
    params: IdParamsSchema,
    responses: { 200: PlanningEntryDetailSchema },
  }),
  create: defineCall({
    method: 'POST',
    path: API.planning.planning,
    body: PlanningInputSchema,
    responses: { 201: PlanningSaveResultSchema },
  }),
  update: defineCall({
    method: 'PUT',
    path: API.planning.planning,
    body: PlanningUpdateSchema,
    responses: { 200: PlanningSaveResultSchema },
  }),
  remove: defineCall({
    method: 'DELETE',
    path: API.planning.remove,
    params: IdParamsSchema,
    responses: { 200: PlanningDeleteResultSchema },
  }),
} as const;

/** The account's feeds, then the feeds themselves (iCalendar text, read by calendar applications). */
export const CALENDAR_CALLS = {
  state: defineCall({
    method: 'GET',
    path: API.calendar.account,
    responses: { 200: CalendarFeedStateSchema },
  }),
  renew: defineCall({
    method: 'POST',
    path: API.calendar.account,
    responses: { 200: CalendarFeedStateSchema },
  }),
  personal: defineCall({
    method: 'GET',
    path: API.calendar.personal,
    params: z.object({ fichier: z.string() }),
  }),
  building: defineCall({
    method: 'GET',
    path: API.calendar.building,
    params: z.object({ jeton: z.string() }),
  }),
  room: defineCall({
    method: 'GET',
    path: API.calendar.room,
    params: z.object({ jeton: z.string(), fichier: z.string() }),
  }),
} as const;
