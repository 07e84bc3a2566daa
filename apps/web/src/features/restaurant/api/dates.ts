/**
 * Days of the restaurant screens: "today" is Lyon's, whatever the browser's zone; the week arithmetic is
 * the contract's.
 */
export const todayIso = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

export { addDays, mondayOf } from '@union/contract';
