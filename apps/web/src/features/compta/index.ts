export { comptaRoutes } from './routes';
