// Gestion Loge shows a lodge's invoices with the accounting's own state badge (issue 20).
export { OrderStateBadge } from './components/OrderStateBadge';
export { PaymentFields, PeriodFields } from './components/PaymentFields';
// The lodge's account lays out its tables like the treasurer's screens, and names the letters alike.
export { AccountTable } from './components/AccountTable';
export { REMINDER_LEVELS } from './components/shared';
export { LodgeDirectDebits } from './components/sepa/LodgeDirectDebits';
