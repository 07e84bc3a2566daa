/** What the rest of the app may use from the auth feature (the app reads its routes from routes.tsx). */
export { useLogout } from './api/revoke-token';
export { passkeyErrorMessage } from './api/passkey-sign-in';
