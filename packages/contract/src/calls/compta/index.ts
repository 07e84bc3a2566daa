/** The Union's accounting (specification §7, issues 20 and 31), one group of calls per room of the module. */
export { COMPTA_EXPORT_CALLS, COMPTA_ONLINE_CALLS } from './exports';
export { COMPTA_FEE_CALLS } from './fee-calls';
export { COMPTA_ORDER_CALLS } from './orders';
export { COMPTA_PAYMENT_CALLS } from './payments';
export { COMPTA_REMINDER_CALLS } from './reminders';
export { COMPTA_DASHBOARD_CALLS } from './dashboard';
