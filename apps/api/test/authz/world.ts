/**
 * The people and records the authorization matrix runs against, built once per test file: the demo
 * roles of README.md with their habilitations and memberships, a second lodge with its own manager
 * and member, and factories (`fresh`) for the records a changing call consumes.
 */
import { HABILITATION_CODES, type Habilitation, addDays, masonicYearOf } from '@union/contract';
import { eq } from 'drizzle-orm';
import { planningEntries, planningYears, reservations, users } from '../../src/db/schema';
import { parisDay } from '../../src/lib/dates';
import { addMembership, createEntity, createRoom, createUser, type TestContext } from '../helpers';
import type { SignedRole } from './rows';

type Flags = { gestion?: boolean; reservation?: boolean; restauration?: boolean; carteLoge?: boolean };
const ALL_FLAGS: Flags = { gestion: true, reservation: true, restauration: true, carteLoge: true };
const MEMBER: Habilitation[] = ['USER', 'RESTAURATION', 'DOCUMENTS_LECTURE', 'PAYMENT'];

export interface World {
  t: TestContext;
  tokens: Record<SignedRole, string>;
  ids: Record<SignedRole | 'venerable2' | 'membre2', number>;
  union: number;
  /** « Les Chevaliers du Rhône »: venerable manages it (all four flags), membre belongs to it. */
  lodge: number;
  /** « Tolérance et Progrès »: its own manager (venerable2) and member (membre2). */
  otherLodge: number;
  /** membre's membership of the lodge, membre2's of the other lodge. */
  membership: { own: number; other: number };
  /** Reservations of each lodge (CR) in the booking room. */
  reservation: { own: number; other: number };
  /** Planning entries of each lodge in the planning room. */
  planningEntry: { own: number; other: number };
  room: { booking: number; planning: number };
  /** The open masonic year. */
  annee: number;
  /** A unique suffix for names, codes and e-mails. */
  unique(): string;
  fresh: {
    /** A day of its own, well ahead, for one booking. */
    bookingDay(): string;
    /** A day of its own, further ahead, for one closure (never one a booking uses). */
    closureDay(): string;
    /** `invited`: no password chosen yet (an invitation can be sent again). */
    user(fields?: {
      etat?: 'A' | 'I' | 'S';
      habilitations?: Habilitation[];
      invited?: boolean;
    }): Promise<number>;
    /** A new user with a current membership of the entity. */
    member(
      entityId: number,
      fields?: { invited?: boolean },
    ): Promise<{ userId: number; membershipId: number }>;
    entity(): Promise<number>;
    room(): Promise<number>;
    /** A DS reservation's deletion was asked by `requestedById` too. */
    reservation(entityId: number, etat: 'DC' | 'CR' | 'DS', requestedById?: number): Promise<number>;
    planningEntry(entityId: number): Promise<number>;
    /** A closed day, for reopening. */
    closure(): Promise<string>;
  };
}

export async function buildWorld(t: TestContext): Promise<World> {
  const db = t.db;
  let counter = 0;
  const unique = () => `${process.pid}x${++counter}`;
  const union = (await createEntity(db, { code: 'UNION', nom: "L'Union", type: 'UN' })).id;
  const lodge = (await createEntity(db, { code: 'CHEV-RHONE', nom: 'Les Chevaliers du Rhône' })).id;
  const otherLodge = (await createEntity(db, { code: 'TOL-PROG', nom: 'Tolérance et Progrès' })).id;

  const people: [SignedRole | 'venerable2' | 'membre2', readonly Habilitation[], number, Flags][] = [
    ['admin', HABILITATION_CODES, union, ALL_FLAGS],
    [
      'secretariat',
      // The « Secrétariat de l'Union » profile, DOCUMENTS_LECTURE included (docs/decisions/users.md).
      [
        'USER',
        'PLANNING',
        'DIFFUSION',
        'DOCUMENTS_LECTURE',
        'DOCUMENTS_LECTURE_ALL',
        'RESTAURATION',
        'PAYMENT',
      ],
      union,
      { gestion: true, reservation: true },
    ],
    [
      'tresorier',
      ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE', 'DOCUMENTS_LECTURE', 'RESTAURATION', 'PAYMENT'],
      union,
      {},
    ],
    ['restaurant', ['USER', 'MENUS', 'RESTAURATION'], union, {}],
    [
      'venerable',
      ['USER', 'LOGE', 'PLANNING', 'RESTAURATION', 'DOCUMENTS_LECTURE', 'PAYMENT'],
      lodge,
      ALL_FLAGS,
    ],
    ['membre', MEMBER, lodge, {}],
    [
      'venerable2',
      ['USER', 'LOGE', 'PLANNING', 'RESTAURATION', 'DOCUMENTS_LECTURE', 'PAYMENT'],
      otherLodge,
      ALL_FLAGS,
    ],
    ['membre2', MEMBER, otherLodge, {}],
  ];
  const ids = {} as World['ids'];
  const tokens = {} as World['tokens'];
  const membershipOf: Record<string, number> = {};
  for (const [identifiant, habilitations, entityId, flags] of people) {
    const user = await createUser(db, {
      identifiant,
      habilitations: [...habilitations],
      nom: `Nom-${identifiant}`,
      prenom: `Prenom-${identifiant}`,
    });
    ids[identifiant] = user.id;
    membershipOf[identifiant] = (await addMembership(db, { userId: user.id, entityId, ...flags })).id;
    if (identifiant !== 'venerable2' && identifiant !== 'membre2') {
      tokens[identifiant] = await t.signIn(identifiant);
    }
  }

  const booking = (await createRoom(db, { nom: 'Temple Hiram' })).id;
  const planning = (await createRoom(db, { nom: 'Salle du planning' })).id;
  const today = parisDay();
  const annee = masonicYearOf(today);
  await db.insert(planningYears).values({ annee });

  let bookingOffset = 30;
  let closureOffset = 400;
  const bookingDay = () => addDays(today, bookingOffset++);
  const closureDay = () => addDays(today, closureOffset++);

  const fresh: World['fresh'] = {
    bookingDay,
    closureDay,
    async user({ invited, ...fields } = {}) {
      const id = unique();
      const user = await createUser(db, { identifiant: `u${id}`, nom: `Nom${id}`, ...fields });
      if (invited) await db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
      return user.id;
    },
    async member(entityId, { invited } = {}) {
      const userId = await fresh.user({ habilitations: MEMBER, invited });
      const row = await addMembership(db, { userId, entityId });
      return { userId, membershipId: row.id };
    },
    async entity() {
      return (await createEntity(db, { code: `E-${unique().toUpperCase()}` })).id;
    },
    async room() {
      return (await createRoom(db, { nom: `Salle ${unique()}` })).id;
    },
    async reservation(entityId, etat, requestedById) {
      const [row] = await db
        .insert(reservations)
        .values({
          roomId: booking,
          entityId,
          jour: bookingDay(),
          debut: 19 * 60,
          fin: 21 * 60,
          type: 'TC',
          libelle: 'Tenue',
          etat,
          requestedById: requestedById ?? null,
          deletionRequestedById: etat === 'DS' ? (requestedById ?? null) : null,
        })
        .returning();
      return row!.id;
    },
    async planningEntry(entityId) {
      const [row] = await db
        .insert(planningEntries)
        .values({
          annee,
          entityId,
          roomId: planning,
          type: 'TC',
          libelle: 'Tenue régulière',
          debut: 19 * 60,
          fin: 21 * 60,
          regle: { jourSemaine: 2, rang: 1 },
          mois: [Number(addDays(today, 60).slice(5, 7))],
        })
        .returning();
      return row!.id;
    },
    async closure() {
      const jour = closureDay();
      const response = await t.call({
        method: 'POST',
        url: `/api/fermeture/${jour}`,
        token: tokens.secretariat,
        payload: { motif: 'Travaux' },
      });
      if (response.statusCode !== 201) throw new Error(`closing ${jour} failed: ${response.body}`);
      return jour;
    },
  };

  return {
    t,
    tokens,
    ids,
    union,
    lodge,
    otherLodge,
    membership: { own: membershipOf.membre!, other: membershipOf.membre2! },
    reservation: {
      own: await fresh.reservation(lodge, 'CR', ids.venerable),
      other: await fresh.reservation(otherLodge, 'CR', ids.venerable2),
    },
    planningEntry: { own: await fresh.planningEntry(lodge), other: await fresh.planningEntry(otherLodge) },
    room: { booking, planning },
    annee,
    unique,
    fresh,
  };
}
