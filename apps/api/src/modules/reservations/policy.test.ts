import type { Habilitation, ReservationAction } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { allowedActions as allowed } from '../../lib/policy';
import { reservationMachine } from './machine';
import { may, seesWhole, type PlanningContext, type ReservationFacts } from './policy';

const LODGE = 10;
const OTHER_LODGE = 20;
const ctx = (
  who: { id: number; staff?: boolean; lodges?: number[] },
  habilitations: Habilitation[] = ['USER', 'PLANNING'],
): PlanningContext => ({
  caller: { id: who.id, habilitations },
  isStaff: who.staff ?? false,
  reservationEntityIds: new Set(who.lodges ?? []),
  memberEntityIds: new Set(who.lodges ?? []),
});

const requester = ctx({ id: 1, lodges: [LODGE] });
const colleague = ctx({ id: 2, lodges: [LODGE] });
const stranger = ctx({ id: 3, lodges: [OTHER_LODGE] });
const staff = ctx({ id: 4, staff: true });
const noPlanning = ctx({ id: 1, staff: true, lodges: [LODGE] }, ['USER']);

const facts = (over: Partial<ReservationFacts> = {}): ReservationFacts => ({
  etat: 'DC',
  entityId: LODGE,
  requestedById: 1,
  deletionRequestedById: null,
  ...over,
});

/** Who may take each action (whatever the state allows): requester, colleague, stranger, staff, noPlanning. */
const TABLE: [ReservationAction, Partial<ReservationFacts>, boolean[]][] = [
  ['INFOS', {}, [true, true, true, true, false]],
  ['CANCEL_CREATION', {}, [true, false, false, false, false]],
  ['ACCEPT_CREATION', {}, [false, false, false, true, false]],
  ['REFUSE_CREATION', {}, [false, false, false, true, false]],
  ['EDIT', { etat: 'DC' }, [true, false, false, true, false]],
  ['EDIT', { etat: 'CR' }, [false, false, false, true, false]],
  ['ASK_DELETION', { etat: 'CR' }, [true, true, false, false, false]],
  ['CANCEL_DELETION', { etat: 'DS', deletionRequestedById: 2 }, [false, true, false, false, false]],
  ['ACCEPT_DELETION', { etat: 'DS' }, [false, false, false, true, false]],
  ['REFUSE_DELETION', { etat: 'DS' }, [false, false, false, true, false]],
  ['DELETE', { etat: 'CR' }, [false, false, false, true, false]],
];
const WHO = [requester, colleague, stranger, staff, noPlanning];
const NAMES = ['requester', 'colleague', 'stranger', 'staff', 'no PLANNING'];

describe('reservation policy', () => {
  it.each(
    TABLE.flatMap(([action, over, expected]) =>
      WHO.map((who, i) => [action, over.etat ?? 'DC', NAMES[i]!, who, over, expected[i]!] as const),
    ),
  )('%s in %s by %s', (action, _etat, _name, who, over, expected) => {
    expect(may(who, action, facts(over))).toBe(expected);
  });

  const allowedActions = (who: PlanningContext, r: ReservationFacts) =>
    allowed(reservationMachine, r.etat, (a) => may(who, a, r));

  it('lists only the actions both the state and the person allow', () => {
    expect(allowedActions(requester, facts())).toEqual(['INFOS', 'CANCEL_CREATION', 'EDIT']);
    expect(allowedActions(staff, facts())).toEqual([
      'INFOS',
      'ACCEPT_CREATION',
      'REFUSE_CREATION',
      'EDIT',
      'DELETE',
    ]);
    expect(allowedActions(colleague, facts({ etat: 'CR' }))).toEqual(['INFOS', 'ASK_DELETION']);
    expect(allowedActions(stranger, facts({ etat: 'SU' }))).toEqual(['INFOS']);
  });

  it.each([
    ['requester for own lodge', requester, LODGE, true],
    ['requester for another lodge', requester, OTHER_LODGE, false],
    ['staff for any lodge', staff, OTHER_LODGE, true],
    ['without PLANNING', noPlanning, LODGE, false],
  ])('BOOK: %s', (_case, who, entityId, expected) => {
    expect(may(who, 'BOOK', facts({ entityId, requestedById: who.caller.id }))).toBe(expected);
    expect(may(who, 'BOOK', null)).toBe(false);
  });

  it.each([
    ['staff', staff, true],
    ['requester', requester, false],
    ['staff without PLANNING', noPlanning, false],
  ])('MANAGE closures and planning: %s', (_case, who, expected) => {
    expect(may(who, 'MANAGE', null)).toBe(expected);
  });

  it.each([
    ['a member with PLANNING', stranger, true],
    ['staff without PLANNING', noPlanning, false],
  ])('READ the planning: %s', (_case, who, expected) => {
    expect(may(who, 'READ', null)).toBe(expected);
  });
});

describe('who sees a booking whole (issue 21)', () => {
  it('Union staff and the members of the booking’s lodge; another lodge sees only lodge, room and time', () => {
    expect(seesWhole(staff, facts())).toBe(true);
    expect(seesWhole(requester, facts())).toBe(true);
    expect(seesWhole(colleague, facts())).toBe(true);
    expect(seesWhole(stranger, facts())).toBe(false);
    // A plain member of the lodge (no `reservation` flag) still sees their own lodge's bookings.
    const plainMember: PlanningContext = { ...stranger, memberEntityIds: new Set([LODGE]) };
    expect(seesWhole(plainMember, facts())).toBe(true);
  });
});
