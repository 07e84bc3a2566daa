/** Dates of the building's calendar: everything is read in Europe/Paris (DECISIONS, header). */

export const TIME_ZONE = 'Europe/Paris';

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (yyyy-mm-dd) of an instant in Paris. */
export const parisDay = (at: Date = new Date()) => isoDay.format(at);

const frenchDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A calendar day (yyyy-mm-dd) written the French way: "mardi 3 mars 2026" (e-mails, documents). */
export const frenchDate = (day: string) => frenchDay.format(new Date(`${day}T00:00:00Z`));
