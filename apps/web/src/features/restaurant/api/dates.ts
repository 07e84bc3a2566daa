/**
 * Days of the restaurant screens: "today" is Lyon's, whatever the browser's zone; the week arithmetic is
 * the contract's.
 */
export { addDays, mondayOf, parisDay as todayIso } from '@union/contract';
