export { reservationsRoutes } from './routes';
