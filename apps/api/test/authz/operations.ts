/**
 * Authorization rows of the operators' calls (issue 19): the probes are public; /metrics exists only
 * with METRICS_TOKEN (the matrix's world has none, so 404 for everyone, a user's token included). The
 * token itself is tested in operations.test.ts: 401 without it or with any other, a user's included.
 */
import { everyone, type AuthzRow } from './rows';

export const rows: AuthzRow[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: everyone(200) },
  { route: 'GET /api/ready', request: () => ({ url: '/api/ready' }), expect: everyone(200) },
  {
    route: 'GET /metrics',
    scope: 'without METRICS_TOKEN',
    request: () => ({ url: '/metrics' }),
    expect: everyone(404),
  },
];
