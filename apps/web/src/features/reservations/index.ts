// The week search, for the convocation's session picker (documents); its day arithmetic is the contract's.
export { fetchWeek } from './api/week';
export { todayIso } from './api/dates';
export { planningKeys } from './api/keys';
