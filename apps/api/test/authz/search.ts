/**
 * Authorization rows of the header's search (issue 33): every signed-in user searches, each section
 * holding only what they may see. The other lodge's member (« Nom-membre2 ») is found by the
 * administrator only, and the other lodge's booking (label « Tenue ») by the Union's staff only.
 */
import type { GlobalSearchResult } from '@union/contract';
import type { Role } from './rows';
import { signedIn, type AuthzRow } from './rows';

const seesEveryone: Role[] = ['admin'];
const seesEveryBooking: Role[] = ['admin', 'secretariat'];

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/recherche',
    scope: 'another lodge’s member',
    request: () => ({ url: '/api/recherche?q=Nom-membre2' }),
    expect: signedIn(200),
    check: (response, w, role) => {
      const found = response.json<GlobalSearchResult>().personnes.lignes.some((l) => l.id === w.ids.membre2);
      if (found !== seesEveryone.includes(role))
        return found ? 'another lodge’s member is found' : 'the administrator does not find them';
      return undefined;
    },
  },
  {
    route: 'GET /api/recherche',
    scope: 'another lodge’s booking',
    request: () => ({ url: '/api/recherche?q=tenue' }),
    expect: signedIn(200),
    check: (response, w, role) => {
      const lines = response.json<GlobalSearchResult>().reservations.lignes;
      if (lines.some((l) => l.id === w.reservation.other) && !seesEveryBooking.includes(role))
        return 'another lodge’s booking is found';
      return undefined;
    },
  },
];
