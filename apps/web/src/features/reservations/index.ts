export { reservationsRoutes } from './routes';
// The week search and its day arithmetic, for the convocation's session picker (documents).
export { fetchWeek } from './api/week';
export { addDays, masonicYearOf, mondayOf, todayIso } from './api/dates';
export { planningKeys } from './api/keys';
