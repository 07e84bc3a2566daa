/**
 * Authorization rows of the planning module: reservations, closed days and the annual planning. PLANNING
 * holders (admin, secretariat, venerable) see the whole building's planning: nothing is hidden per entity
 * (docs/decisions/reservations-and-planning.md). Union staff (admin and secretariat manage the Union) book
 * for any entity, arbitrate, close days and edit the annual planning; venerable requests rooms for the lodge
 * only, and acts on its own requests only.
 */
import { eq } from 'drizzle-orm';
import { reservations } from '../../src/db/schema';
import { allow, type AuthzRow } from './rows';
import type { World } from './world';

type Scope = 'own' | 'other';
const SCOPES: Scope[] = ['own', 'other'];
const label = (scope: Scope) => (scope === 'own' ? 'own lodge' : 'other lodge');
const entityOf = (w: World, scope: Scope) => (scope === 'own' ? w.lodge : w.otherLodge);
/** The manager who requested the lodge's reservations: venerable for the lodge, venerable2 for the other. */
const requesterOf = (w: World, scope: Scope) => w.ids[scope === 'own' ? 'venerable' : 'venerable2'];

const planners = (status: number) => allow({ admin: status, secretariat: status, venerable: status });
const staff = (status: number) => allow({ admin: status, secretariat: status });

/** A PUT /api/reservation?action= row on a fresh reservation made for it. */
const change = (
  action: string,
  scope: Scope,
  etat: 'DC' | 'CR' | 'DS',
  expect: ReturnType<typeof allow>,
  body: Record<string, unknown> = {},
): AuthzRow => ({
  route: 'PUT /api/reservation',
  scope: `${action}, a ${etat} reservation of the ${label(scope)} requested by its manager`,
  tries: ['query.action'],
  request: async (w) => ({
    url: `/api/reservation?action=${action}`,
    payload: { id: await w.fresh.reservation(entityOf(w, scope), etat, requesterOf(w, scope)), ...body },
  }),
  expect,
});

const planningInput = (w: World, scope: Scope) => ({
  annee: w.annee,
  idEntite: entityOf(w, scope),
  idSalle: w.room.planning,
  type: 'TC',
  libelle: 'Tenue régulière',
  heureDebut: '08:00',
  heureFin: '09:00',
  regle: { jourSemaine: 3, rang: 4 },
  mois: [7],
});

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/reservation/search/:date',
    request: (w) => ({ url: `/api/reservation/search/${w.fresh.bookingDay()}` }),
    expect: planners(200),
  },
  {
    route: 'GET /api/reservation/demandes',
    request: () => ({ url: '/api/reservation/demandes' }),
    expect: planners(200),
  },
  {
    route: 'GET /api/reservation/tableau-de-bord',
    request: () => ({ url: '/api/reservation/tableau-de-bord' }),
    expect: staff(200),
  },
  {
    route: 'GET /api/reservation/tableau-de-bord/excel',
    request: () => ({ url: '/api/reservation/tableau-de-bord/excel' }),
    expect: staff(200),
  },
  {
    route: 'GET /api/planning/annees',
    request: () => ({ url: '/api/planning/annees' }),
    expect: planners(200),
  },
  {
    route: 'POST /api/planning/annees',
    request: () => ({ url: '/api/planning/annees' }),
    expect: staff(201),
  },
  {
    route: 'GET /api/planning/search/:annee/:idEntite/:idSalle',
    request: (w) => ({ url: `/api/planning/search/${w.annee}/0/0` }),
    expect: planners(200),
  },
  {
    route: 'GET /api/fermeture/:date',
    request: (w) => ({ url: `/api/fermeture/${w.fresh.closureDay()}` }),
    expect: planners(200),
  },
  {
    route: 'POST /api/fermeture/:date',
    request: (w) => ({ url: `/api/fermeture/${w.fresh.closureDay()}`, payload: { motif: 'Travaux' } }),
    expect: staff(201),
  },
  {
    route: 'DELETE /api/fermeture/:date',
    request: async (w) => ({ url: `/api/fermeture/${await w.fresh.closure()}` }),
    expect: staff(204),
  },
  ...SCOPES.flatMap((scope): AuthzRow[] => [
    {
      route: 'GET /api/reservation/:id/infos',
      scope: label(scope),
      request: (w) => ({ url: `/api/reservation/${w.reservation[scope]}/infos` }),
      expect: planners(200),
    },
    {
      route: 'POST /api/reservation',
      scope: `for the ${label(scope)}`,
      tries: ['body.idEntite'],
      request: (w) => ({
        url: '/api/reservation',
        payload: {
          idSalle: w.room.booking,
          idEntite: entityOf(w, scope),
          date: w.fresh.bookingDay(),
          heureDebut: '19:00',
          heureFin: '21:00',
          type: 'TC',
          libelle: 'Tenue au 1er degré',
        },
      }),
      expect: scope === 'own' ? planners(201) : staff(201),
    },
    change('ACCEPT_CREATION', scope, 'DC', staff(200)),
    change('REFUSE_CREATION', scope, 'DC', staff(200), { motif: 'Salle en travaux' }),
    change('CANCEL_CREATION', scope, 'DC', scope === 'own' ? allow({ venerable: 200 }) : allow({})),
    change('EDIT', scope, 'DC', scope === 'own' ? planners(200) : staff(200), { libelle: 'Tenue modifiée' }),
    {
      route: 'PUT /api/reservation',
      scope: `EDIT, a DC reservation of the ${label(scope)} moved to the ${label(scope === 'own' ? 'other' : 'own')}`,
      tries: ['query.action', 'body.idEntite'],
      request: async (w) => {
        const id = await w.fresh.reservation(entityOf(w, scope), 'DC', requesterOf(w, scope));
        return {
          url: '/api/reservation?action=EDIT',
          payload: { id, idEntite: entityOf(w, scope === 'own' ? 'other' : 'own') },
          watch: async () =>
            (await w.t.db.select().from(reservations).where(eq(reservations.id, id)))[0]?.entityId,
        };
      },
      // The requester may edit their request, but not hand it to a lodge they do not book for.
      expect: staff(200),
    },
    // Asking a deletion is for the members holding `reservation` for the entity, staff included or not.
    change('ASK_DELETION', scope, 'CR', scope === 'own' ? allow({ venerable: 200 }) : allow({})),
    change('DELETE', scope, 'CR', staff(200)),
    change('ACCEPT_DELETION', scope, 'DS', staff(200)),
    change('REFUSE_DELETION', scope, 'DS', staff(200), { motif: 'Tenue maintenue' }),
    // Only the one who asked the deletion takes the request back.
    change('CANCEL_DELETION', scope, 'DS', scope === 'own' ? allow({ venerable: 200 }) : allow({})),
    {
      route: 'GET /api/planning/:id/infos',
      scope: label(scope),
      request: (w) => ({ url: `/api/planning/${w.planningEntry[scope]}/infos` }),
      expect: planners(200),
    },
    {
      route: 'POST /api/planning',
      scope: `for the ${label(scope)}`,
      tries: ['body.idEntite'],
      request: (w) => ({ url: '/api/planning', payload: planningInput(w, scope) }),
      expect: staff(201),
    },
    {
      route: 'PUT /api/planning',
      scope: `an entry of the ${label(scope)}`,
      tries: ['body.idEntite'],
      request: async (w) => ({
        url: '/api/planning',
        payload: { id: await w.fresh.planningEntry(entityOf(w, scope)), ...planningInput(w, scope) },
      }),
      expect: staff(200),
    },
    {
      route: 'DELETE /api/planning/:id',
      scope: `an entry of the ${label(scope)}`,
      request: async (w) => ({ url: `/api/planning/${await w.fresh.planningEntry(entityOf(w, scope))}` }),
      expect: staff(200),
    },
  ]),
];
