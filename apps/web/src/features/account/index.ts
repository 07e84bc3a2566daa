/** What the account feature offers the rest of the app: the portal's second factor reminder. */
export { SecondFactorReminder } from './components/SecondFactorReminder';
