/**
 * The Union's accounting (specification §3, §4, §6, §7; DECISIONS §4): orders that start as a quote or an
 * invoice draft, their lines, payments and reminders, the membership-fee calls in thirds. Amounts are
 * integer cents; dates yyyy-mm-dd (Paris); years are masonic years (September to August) named by their
 * first calendar year, like the planning's.
 */
export * from './codes';
export * from './lines';
export * from './orders';
export * from './payments';
export * from './reminders';
export * from './fee-calls';
export * from './dashboard';
export * from './bank';
export * from './bank-reconciliation';
export * from './sepa';
export * from './target2';
