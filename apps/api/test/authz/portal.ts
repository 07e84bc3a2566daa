/**
 * Authorization rows of the portal (issue 33): every signed-in user reads their own portal, each part
 * filtered as its screen is; nothing of the other lodge (its session, its tasks) reaches anyone but Union
 * staff's requests to decide.
 */
import type { PortalSummary } from '@union/contract';
import { signedIn, type AuthzRow } from './rows';

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/portail',
    request: () => ({ url: '/api/portail' }),
    expect: signedIn(200),
    check: (response, w) => {
      const summary = response.json<PortalSummary>();
      if (summary.seances.some((s) => s.id === w.reservation.other))
        return 'the other lodge’s session is shown';
      if (summary.aTraiter.some((task) => task.lien.includes(`entite=${w.otherLodge}&`))) {
        return 'a task of the other lodge is shown';
      }
      return undefined;
    },
  },
];
