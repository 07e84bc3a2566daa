/** Authorization rows of the backups' history: administrators only (files of every member's data). */
import type { BackupsOverview } from '@union/contract';
import { allow, type AuthzRow } from './rows';

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/admin/sauvegardes',
    request: () => ({ url: '/api/admin/sauvegardes' }),
    expect: allow({ admin: 200 }),
    check: (response) =>
      Array.isArray(response.json<BackupsOverview>().sauvegardes) ? undefined : 'no list of backups',
  },
];
