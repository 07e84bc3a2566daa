export { logeRoutes } from './routes';
