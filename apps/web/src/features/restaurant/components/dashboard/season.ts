/** How the restaurant's dashboard names a week and a meal, and where each one's list is. */
import { MealType } from '@union/contract';
import { formatDay, shortDate } from '../../../../lib/dates';

/** « Semaine du 05/10 ». */
export const weekLabel = (monday: string) => `Semaine du ${formatDay(monday).slice(0, 5)}`;

/** « mar. 6 oct. · Agapes du midi ». */
export const mealLabel = (m: { date: string; type: MealType }) =>
  `${shortDate(m.date)} · ${MealType.labels[m.type]}`;

/** The week of meals a date falls in, where its meals and orders are listed. */
export const weekOfMeals = (date: string) => `/app/restauration/repas?date=${date}`;
