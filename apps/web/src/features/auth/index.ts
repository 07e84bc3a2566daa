/** What the rest of the app may use from the auth feature. */
export { authRoutes } from './routes';
export { useLogout } from './api/revoke-token';
