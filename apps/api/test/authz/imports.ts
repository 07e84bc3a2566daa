/** Authorization rows of the imports module: the member import (preview) and the members export. */
import { allow, type AuthzRow } from './rows';
import type { World } from './world';

const CSV = (email: string) => `Nom;Prénom;E-mail\nDurand;Paul;${email}\n`;

/** A multipart/form-data body carrying one CSV file, as the browser sends it. */
function csvUpload(email = 'paul.durand@exemple.fr') {
  const boundary = '----union-authz';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="membres.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\n${CSV(email)}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const scopes = [
  ['own lodge', (w: World) => w.lodge, { admin: 200, venerable: 200 }],
  ['other lodge', (w: World) => w.otherLodge, { admin: 200 }],
] as const;

export const rows: AuthzRow[] = scopes.flatMap(([scope, entity, ok]): AuthzRow[] => [
  {
    route: 'POST /api/user/import',
    scope: `${scope}, preview`,
    tries: ['query.idEntite', 'query.dryRun'],
    request: (w) => ({ url: `/api/user/import?idEntite=${entity(w)}&dryRun=true`, ...csvUpload() }),
    expect: allow(ok),
  },
  {
    route: 'POST /api/user/import',
    scope: `${scope}, for real`,
    tries: ['query.idEntite', 'query.dryRun'],
    request: (w) => ({
      url: `/api/user/import?idEntite=${entity(w)}&dryRun=false`,
      ...csvUpload(`i${w.unique()}@exemple.fr`),
    }),
    expect: allow(ok),
  },
  {
    route: 'GET /api/entite/:id/membres/excel',
    scope,
    request: (w) => ({ url: `/api/entite/${entity(w)}/membres/excel` }),
    expect: allow(ok),
  },
]);
