// Gestion Loge shows a lodge's invoices with the accounting's own state badge (issue 20).
export { OrderStateBadge } from './components/OrderStateBadge';
export { DayPicker, PaymentFields, PeriodFields } from './components/PaymentFields';
