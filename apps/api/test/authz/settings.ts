/** Authorization rows of the settings module and of the outbox: reference data, rooms, the Union's settings. */
import { allow, signedIn, type AuthzRow } from './rows';

const room = (nom: string) => ({ nom, capacite: 40, couleur: '#1c7ed6', tarifHoraire: 3000, active: true });

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/parametres/droits',
    request: () => ({ url: '/api/parametres/droits' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/parametres/salles',
    request: () => ({ url: '/api/parametres/salles' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/parametres/salles',
    tries: ['body.tarifHoraire'],
    request: (w) => ({ url: '/api/parametres/salles', payload: room(`Salle ${w.unique()}`) }),
    expect: allow({ admin: 201 }),
  },
  {
    route: 'PUT /api/parametres/salles',
    tries: ['body.tarifHoraire'],
    request: async (w) => ({
      url: '/api/parametres/salles',
      payload: { id: await w.fresh.room(), ...room(`Salle ${w.unique()}`) },
    }),
    expect: allow({ admin: 200 }),
  },
  {
    route: 'GET /api/parametres/union',
    request: () => ({ url: '/api/parametres/union' }),
    expect: allow({ admin: 200 }),
  },
  {
    route: 'PUT /api/parametres/union',
    tries: ['body.cotisations'],
    request: () => ({
      url: '/api/parametres/union',
      payload: {
        identite: {
          raisonSociale: "L'Union",
          adresse: '1 rue de Lyon, 69001 Lyon',
          email: 'union@exemple.fr',
        },
        mentionTva: 'TVA non applicable, art. 261-7-1° du CGI',
        cotisations: { AFM: 0, DH: 0, GODF: 0, GOS: 0, HG: 0, UN: 0 },
        reservations: { preavisHeures: 0, horizonMois: 18 },
      },
    }),
    expect: allow({ admin: 200 }),
  },
  {
    route: 'GET /api/admin/emails',
    request: () => ({ url: '/api/admin/emails' }),
    expect: allow({ admin: 200 }),
  },
];
