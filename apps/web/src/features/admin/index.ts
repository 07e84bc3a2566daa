export { adminRoutes } from './routes';
export { PersonalDataButton } from './components/PersonalDataButton';
