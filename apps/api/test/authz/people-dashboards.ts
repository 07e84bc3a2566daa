/**
 * Authorization rows of the dashboards of issue 33: a lodge's, its officers only (LOGE with `gestion`
 * or `carteLoge` on it: venerable for the lodge; not the Union's readers, not an administrator who runs
 * another entity), nothing of another lodge; the administration's, the administrators only.
 */
import type { AdminDashboard, LodgeDashboard } from '@union/contract';
import { allow, type AuthzRow } from './rows';

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/loge/:idEntite/tableau-de-bord',
    scope: 'own lodge',
    request: (w) => ({ url: `/api/loge/${w.lodge}/tableau-de-bord` }),
    expect: allow({ venerable: 200 }),
    check: (response, w) =>
      response.json<LodgeDashboard>().entite.id === w.lodge ? undefined : 'another entity',
  },
  {
    route: 'GET /api/loge/:idEntite/tableau-de-bord',
    scope: 'other lodge',
    request: (w) => ({ url: `/api/loge/${w.otherLodge}/tableau-de-bord` }),
    expect: allow({}),
  },
  {
    route: 'GET /api/loge/:idEntite/tableau-de-bord/excel',
    scope: 'own lodge',
    request: (w) => ({ url: `/api/loge/${w.lodge}/tableau-de-bord/excel` }),
    expect: allow({ venerable: 200 }),
  },
  {
    route: 'GET /api/loge/:idEntite/tableau-de-bord/excel',
    scope: 'other lodge',
    request: (w) => ({ url: `/api/loge/${w.otherLodge}/tableau-de-bord/excel` }),
    expect: allow({}),
  },
  {
    route: 'GET /api/admin/tableau-de-bord/excel',
    request: () => ({ url: '/api/admin/tableau-de-bord/excel' }),
    expect: allow({ admin: 200 }),
  },
  {
    route: 'GET /api/admin/tableau-de-bord',
    request: () => ({ url: '/api/admin/tableau-de-bord' }),
    expect: allow({ admin: 200 }),
    check: (response) =>
      response.json<AdminDashboard>().connexions.length === 30 ? undefined : 'not thirty days of sign-ins',
  },
];
