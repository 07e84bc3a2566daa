/**
 * Authorization rows of the entities module: entities, and memberships seen from the entity and from
 * the user. The one rule: ADMIN on every entity, LOGE only on the entities they manage (venerable: the
 * lodge, never the other lodge).
 */
import type { Membership } from '@union/contract';
import { eq } from 'drizzle-orm';
import { memberships, users } from '../../src/db/schema';
import { addMembership } from '../helpers';
import { allow, signedIn, type AuthzRow, type Role } from './rows';
import type { World } from './world';

type Scope = 'own' | 'other';
const SCOPES: Scope[] = ['own', 'other'];
const label = (scope: Scope) => (scope === 'own' ? 'own lodge' : 'other lodge');
const entityOf = (w: World, scope: Scope) => (scope === 'own' ? w.lodge : w.otherLodge);
/** venerable manages the lodge only. */
const manager = (scope: Scope, ok: number) =>
  allow(scope === 'own' ? { admin: ok, venerable: ok } : { admin: ok });

/** Every flag set: granting a right of the entity is what these rows try (memberships of fresh people). */
const membershipFields = {
  fonction: 'Orateur',
  debut: null,
  fin: null,
  gestion: true,
  reservation: true,
  restauration: true,
  carteLoge: true,
};
const FLAGS = ['body.gestion', 'body.reservation', 'body.restauration', 'body.carteLoge'];

/** The membership as stored: a refused call leaves its flags and its term as they were. */
const membershipOf = (w: World, id: number) => async () =>
  (await w.t.db.select().from(memberships).where(eq(memberships.id, id)))[0];

/** The account's e-mail address, which a lodge manager gives to add someone from elsewhere. */
const emailOf = async (w: World, userId: number) =>
  (await w.t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

/** The memberships of one account: a refused addition leaves them as they were. */
const membershipsOfUser = (w: World, userId: number) => async () =>
  w.t.db.select().from(memberships).where(eq(memberships.userId, userId));

/**
 * Accounts venerable cannot see: the staff, the other lodge's member, an account of no entity. Each
 * role adds them to a new entity, which venerable manages only on venerable's turn: the
 * administrator's addition must not make them venerable's member.
 */
const OTHER_PEOPLE: [string, (w: World) => number | Promise<number>][] = [
  ['admin', (w) => w.ids.admin],
  ['secretariat', (w) => w.ids.secretariat],
  ['tresorier', (w) => w.ids.tresorier],
  ['restaurant', (w) => w.ids.restaurant],
  ["the other lodge's member", (w) => w.ids.membre2],
  ['an account of no entity', (w) => w.fresh.user()],
];

/** A new entity, that venerable manages on venerable's turn. */
const entityOfVenerable = async (w: World, role: Role) => {
  const id = await w.fresh.entity();
  if (role === 'venerable')
    await addMembership(w.t.db, { userId: w.ids.venerable, entityId: id, gestion: true });
  return id;
};

/**
 * Adding other people by number: a lodge manager learns nothing of them (404, no name in the answer)
 * unless they give the exact e-mail address, the rule of their search.
 */
const otherPeopleRows: AuthzRow[] = OTHER_PEOPLE.flatMap(([who, person]): AuthzRow[] => [
  {
    route: 'POST /api/entite/:id/appartenances',
    scope: `an entity venerable manages, ${who} by number`,
    tries: ['body.userId'],
    request: async (w, role) => {
      const userId = await person(w);
      return {
        url: `/api/entite/${await entityOfVenerable(w, role)}/appartenances`,
        payload: { userId, debut: '2031-01-01' },
        watch: membershipsOfUser(w, userId),
      };
    },
    expect: allow({ admin: 201, venerable: 404 }),
  },
  {
    route: 'POST /api/user/:id/appartenances',
    scope: `joining an entity venerable manages, ${who} by number`,
    tries: ['body.entiteId'],
    request: async (w, role) => {
      const userId = await person(w);
      return {
        url: `/api/user/${userId}/appartenances`,
        payload: { entiteId: await entityOfVenerable(w, role), debut: '2031-01-01' },
        watch: membershipsOfUser(w, userId),
      };
    },
    expect: allow({ admin: 201, venerable: 404 }),
  },
]);

export const rows: AuthzRow[] = [
  ...otherPeopleRows,
  {
    route: 'POST /api/entite/:id/appartenances',
    scope: 'an entity venerable manages, an account of no entity by its exact e-mail',
    tries: ['body.userId'],
    request: async (w, role) => {
      const userId = await w.fresh.user();
      return {
        url: `/api/entite/${await entityOfVenerable(w, role)}/appartenances`,
        payload: { userId, email: (await emailOf(w, userId)).toUpperCase(), debut: '2031-01-01' },
      };
    },
    expect: allow({ admin: 201, venerable: 201 }),
  },
  {
    route: 'DELETE /api/user/:id/appartenances/:membershipId',
    scope: "a member of both lodges, the other lodge's membership",
    request: async (w) => {
      const { userId } = await w.fresh.member(w.lodge);
      const other = await addMembership(w.t.db, { userId, entityId: w.otherLodge });
      return { url: `/api/user/${userId}/appartenances/${other.id}` };
    },
    // Being a member of the lodge does not open the person's other memberships to its manager.
    expect: allow({ admin: 204 }),
  },
  {
    route: 'GET /api/user/entites/:purpose',
    scope: 'own entities',
    request: () => ({ url: '/api/user/entites/gestion' }),
    expect: signedIn(200),
  },
  { route: 'GET /api/entite/all', request: () => ({ url: '/api/entite/all' }), expect: signedIn(200) },
  {
    route: 'POST /api/entite',
    request: (w) => ({
      url: '/api/entite',
      payload: { code: `N-${w.unique().toUpperCase()}`, nom: 'Nouvelle loge', type: 'GODF' },
    }),
    expect: allow({ admin: 201 }),
  },
  ...SCOPES.flatMap((scope): AuthzRow[] => [
    {
      route: 'GET /api/entite/:id/infos',
      scope: label(scope),
      request: (w) => ({ url: `/api/entite/${entityOf(w, scope)}/infos` }),
      expect: manager(scope, 200),
    },
    {
      route: 'GET /api/entite/:id/historique',
      scope: label(scope),
      request: (w) => ({ url: `/api/entite/${entityOf(w, scope)}/historique` }),
      expect: manager(scope, 200),
    },
    {
      route: 'GET /api/entite/:id/appartenances',
      scope: label(scope),
      request: (w) => ({ url: `/api/entite/${entityOf(w, scope)}/appartenances` }),
      expect: manager(scope, 200),
    },
    {
      route: 'POST /api/entite/:id/appartenances',
      scope: `${label(scope)}, an existing account by its exact e-mail`,
      tries: ['body.userId', ...FLAGS],
      request: async (w) => {
        const userId = await w.fresh.user();
        return {
          url: `/api/entite/${entityOf(w, scope)}/appartenances`,
          payload: { userId, email: await emailOf(w, userId), ...membershipFields },
        };
      },
      expect: manager(scope, 201),
    },
    {
      route: 'PUT /api/entite/:id/appartenances',
      scope: label(scope),
      tries: FLAGS,
      request: async (w) => {
        const { membershipId } = await w.fresh.member(entityOf(w, scope));
        return {
          url: `/api/entite/${entityOf(w, scope)}/appartenances`,
          payload: { id: membershipId, ...membershipFields },
          watch: membershipOf(w, membershipId),
        };
      },
      expect: manager(scope, 200),
    },
    {
      route: 'PUT /api/entite/:id/appartenances',
      scope: `own lodge in the path, a membership of the ${scope === 'own' ? 'lodge' : 'other lodge'} in the body`,
      request: async (w) => {
        const { membershipId } = await w.fresh.member(entityOf(w, scope));
        return {
          url: `/api/entite/${w.lodge}/appartenances`,
          payload: { id: membershipId, ...membershipFields },
        };
      },
      // The membership of another entity is no business of the lodge in the path: 404 for ADMIN
      // (not in this entity), 403 for the lodge manager who does not manage it.
      expect: scope === 'own' ? manager('own', 200) : allow({ admin: 404 }),
    },
    {
      route: 'GET /api/user/:id/appartenances',
      scope:
        scope === 'own'
          ? 'a member of the lodge only'
          : 'a member of both lodges (a lodge manager sees the lodge only)',
      request: async (w) => {
        const { userId } = await w.fresh.member(w.lodge);
        if (scope === 'other') await addMembership(w.t.db, { userId, entityId: w.otherLodge });
        return { url: `/api/user/${userId}/appartenances` };
      },
      expect: allow({ admin: 200, venerable: 200 }),
      check(response, w, role) {
        const entities = response
          .json<Membership[]>()
          .map((m) => m.entiteId)
          .sort();
        const expected = role === 'admin' && scope === 'other' ? [w.lodge, w.otherLodge].sort() : [w.lodge];
        return JSON.stringify(entities) === JSON.stringify(expected)
          ? undefined
          : `sees the memberships of entities ${entities.join(', ')}, expected ${expected.join(', ')}`;
      },
    },
    {
      route: 'POST /api/user/:id/appartenances',
      scope: `joining the ${label(scope)}, an account given with its exact e-mail`,
      tries: ['body.entiteId', ...FLAGS],
      request: async (w) => {
        const userId = await w.fresh.user();
        return {
          url: `/api/user/${userId}/appartenances`,
          payload: { entiteId: entityOf(w, scope), email: await emailOf(w, userId), ...membershipFields },
        };
      },
      expect: manager(scope, 201),
    },
    {
      route: 'PUT /api/user/:id/appartenances',
      scope: `a membership of the ${label(scope)}`,
      tries: FLAGS,
      request: async (w) => {
        const { userId, membershipId } = await w.fresh.member(entityOf(w, scope));
        return {
          url: `/api/user/${userId}/appartenances`,
          payload: { id: membershipId, ...membershipFields },
          watch: membershipOf(w, membershipId),
        };
      },
      expect: manager(scope, 200),
    },
    {
      route: 'DELETE /api/user/:id/appartenances/:membershipId',
      scope: `a membership of the ${label(scope)}`,
      request: async (w) => {
        const { userId, membershipId } = await w.fresh.member(entityOf(w, scope));
        return { url: `/api/user/${userId}/appartenances/${membershipId}` };
      },
      expect: manager(scope, 204),
    },
    {
      route: 'PUT /api/entite',
      scope: scope === 'own' ? 'an entity venerable manages' : 'an entity nobody of the roles manages',
      tries: ['body.etat'],
      request: async (w) => {
        const id = await w.fresh.entity();
        if (scope === 'own') {
          await addMembership(w.t.db, { userId: w.ids.venerable, entityId: id, gestion: true });
        }
        return {
          url: '/api/entite',
          payload: {
            id,
            code: `M-${w.unique().toUpperCase()}`,
            nom: 'Loge renommée',
            type: 'GODF',
            etat: 'A',
          },
        };
      },
      // Even the manager of an entity does not edit the entity itself: ADMIN only.
      expect: allow({ admin: 200 }),
    },
  ]),
];
