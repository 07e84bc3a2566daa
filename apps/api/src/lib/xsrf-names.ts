// The double-submit pair the XSRF plugin checks; lib/openapi.ts documents the same names (lib sits below
// plugins, so the names live here).
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
