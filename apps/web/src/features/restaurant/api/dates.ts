/** Week arithmetic of the restaurant screens (yyyy-mm-dd; "today" is Lyon's, whatever the browser's zone). */
import dayjs from 'dayjs';

const ISO = 'YYYY-MM-DD';

export const todayIso = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The Monday of the week containing `day`. */
export function mondayOf(day: string): string {
  const d = dayjs(day);
  return d.subtract((d.day() + 6) % 7, 'day').format(ISO);
}

export const addDays = (day: string, n: number) => dayjs(day).add(n, 'day').format(ISO);
