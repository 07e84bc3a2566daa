/**
 * The table of calls: every call of the API with its method, path and schemas, grouped by the module that
 * serves it. The server registers its routes from it (apps/api/src/lib/route.ts), the web calls through it
 * (`api.call` of apps/web/src/lib/api-client.ts). The web imports a group (`MESSAGE_CALLS`), not `CALLS`,
 * so that a screen's bundle carries only the schemas of its own calls.
 */
import { ACCOUNT_CALLS } from './accounts';
import {
  COMPTA_DASHBOARD_CALLS,
  COMPTA_EXPORT_CALLS,
  COMPTA_FEE_CALLS,
  COMPTA_ONLINE_CALLS,
  COMPTA_ORDER_CALLS,
  COMPTA_PAYMENT_CALLS,
  COMPTA_REMINDER_CALLS,
} from './compta';
import { BANK_CALLS } from './bank';
import { BANK_RECONCILIATION_CALLS } from './bank-reconciliation';
import { SEPA_CALLS } from './sepa';
import { BACKUP_CALLS, MAIL_CALLS, OPERATION_CALLS, SETTINGS_CALLS } from './admin';
import { AUTH_CALLS, PASSKEY_CALLS, SECOND_FACTOR_CALLS } from './auth';
import { DOCUMENT_CALLS, MESSAGE_CALLS } from './documents';
import { ENTITY_CALLS, IMPORT_CALLS } from './entities';
import { PEOPLE_DASHBOARD_CALLS } from './people-dashboards';
import { PORTAL_CALLS } from './portal';
import { DESK_CALLS, PAYMENT_CALLS, RESTAURANT_CALLS } from './restaurant';
import { CALENDAR_CALLS, CLOSURE_CALLS, PLANNING_CALLS, RESERVATION_CALLS } from './reservations';
import { SEARCH_CALLS } from './search';
import { USER_CALLS } from './users';

export * from './define';
export { IdParamsSchema } from './auth';
export {
  ACCOUNT_CALLS,
  AUTH_CALLS,
  BACKUP_CALLS,
  BANK_CALLS,
  BANK_RECONCILIATION_CALLS,
  CALENDAR_CALLS,
  CLOSURE_CALLS,
  COMPTA_DASHBOARD_CALLS,
  COMPTA_EXPORT_CALLS,
  COMPTA_FEE_CALLS,
  COMPTA_ONLINE_CALLS,
  COMPTA_ORDER_CALLS,
  COMPTA_PAYMENT_CALLS,
  COMPTA_REMINDER_CALLS,
  DESK_CALLS,
  DOCUMENT_CALLS,
  ENTITY_CALLS,
  IMPORT_CALLS,
  MAIL_CALLS,
  MESSAGE_CALLS,
  OPERATION_CALLS,
  PASSKEY_CALLS,
  PAYMENT_CALLS,
  PEOPLE_DASHBOARD_CALLS,
  PLANNING_CALLS,
  PORTAL_CALLS,
  RESERVATION_CALLS,
  RESTAURANT_CALLS,
  SEARCH_CALLS,
  SECOND_FACTOR_CALLS,
  SEPA_CALLS,
  SETTINGS_CALLS,
  USER_CALLS,
};

export const CALLS = {
  auth: AUTH_CALLS,
  users: USER_CALLS,
  passkeys: PASSKEY_CALLS,
  secondFactor: SECOND_FACTOR_CALLS,
  entities: ENTITY_CALLS,
  settings: SETTINGS_CALLS,
  mail: MAIL_CALLS,
  backups: BACKUP_CALLS,
  imports: IMPORT_CALLS,
  reservations: RESERVATION_CALLS,
  closures: CLOSURE_CALLS,
  planning: PLANNING_CALLS,
  calendar: CALENDAR_CALLS,
  documents: DOCUMENT_CALLS,
  messages: MESSAGE_CALLS,
  operations: OPERATION_CALLS,
  restaurant: RESTAURANT_CALLS,
  payments: PAYMENT_CALLS,
  desk: DESK_CALLS,
  accounts: ACCOUNT_CALLS,
  peopleDashboards: PEOPLE_DASHBOARD_CALLS,
  comptaDashboard: COMPTA_DASHBOARD_CALLS,
  portal: PORTAL_CALLS,
  comptaOrders: COMPTA_ORDER_CALLS,
  comptaFees: COMPTA_FEE_CALLS,
  comptaPayments: COMPTA_PAYMENT_CALLS,
  comptaReminders: COMPTA_REMINDER_CALLS,
  comptaOnline: COMPTA_ONLINE_CALLS,
  comptaExports: COMPTA_EXPORT_CALLS,
  bank: BANK_CALLS,
  bankReconciliation: BANK_RECONCILIATION_CALLS,
  search: SEARCH_CALLS,
  sepa: SEPA_CALLS,
} as const;
