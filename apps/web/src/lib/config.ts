/**
 * Settings of the web client. The OAuth client pair is not a secret (every browser sees it): it only tells
 * the server which application asks for a token. The build reads the server's OAUTH_CLIENT_ID and
 * OAUTH_CLIENT_SECRET (or VITE_-prefixed overrides), so both sides agree.
 */
export const OAUTH_CLIENT_ID: string =
  import.meta.env.VITE_OAUTH_CLIENT_ID ?? import.meta.env.OAUTH_CLIENT_ID ?? 'union-intranet';
export const OAUTH_CLIENT_SECRET: string =
  import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? import.meta.env.OAUTH_CLIENT_SECRET ?? 'union-intranet-secret';

/** Cookie set by the server and header echoed on mutating calls (specification §9). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
