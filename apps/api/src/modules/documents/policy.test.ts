import type { DocumentAction, DocumentAudience, Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { allowedActions } from '../../lib/policy';
import { documentMachine } from './machine';
import { may, readScope, type DocumentsAction, type DocumentsContext } from './policy';

const LODGE = 10;
const OTHER = 20;
const ctx = (
  habilitations: Habilitation[],
  who: { staff?: boolean; member?: number[]; manages?: number[] } = {},
): DocumentsContext => ({
  caller: { id: 1, habilitations },
  isStaff: who.staff ?? false,
  memberOf: new Set(who.member ?? []),
  manages: new Set(who.manages ?? []),
});

const READER = ['USER', 'DOCUMENTS_LECTURE'] as Habilitation[];
const people = {
  membre: ctx(READER, { member: [LODGE] }),
  autre: ctx(READER, { member: [OTHER] }),
  sansDroit: ctx(['USER'], { member: [LODGE] }),
  lecteurTout: ctx(['USER', 'DOCUMENTS_LECTURE_ALL']),
  venerable: ctx(READER, { member: [LODGE], manages: [LODGE] }),
  // A manager without the reading right still reads and handles what they publish.
  gerantSansDroit: ctx(['USER'], { member: [LODGE], manages: [LODGE] }),
  staff: ctx(['USER'], { staff: true, member: [1], manages: [1] }),
};
type Who = keyof typeof people;
const order = Object.keys(people) as Who[];

const TABLE: [DocumentsAction, DocumentAudience, boolean[]][] = [
  // membre, autre, sansDroit, lecteurTout, venerable, gerantSansDroit, staff
  ['READ', 'ENTITE', [true, false, false, true, true, true, true]],
  ['READ', 'TOUS', [true, true, false, true, true, true, true]],
  ['EDIT', 'ENTITE', [false, false, false, false, true, true, true]],
  ['DELETE', 'TOUS', [false, false, false, false, true, true, true]],
  ['DISTRIBUTE', 'ENTITE', [false, false, false, false, true, true, true]],
  ['CANCEL_DISTRIBUTION', 'ENTITE', [false, false, false, false, true, true, true]],
  // Publishing (or moving a document) for the lodge: its managers and staff, whatever the audience.
  ['PUBLISH', 'ENTITE', [false, false, false, false, true, true, true]],
  ['PUBLISH', 'TOUS', [false, false, false, false, true, true, true]],
];

describe('documents policy', () => {
  it.each(TABLE)('%s a document of the lodge for %s', (action, audience, expected) => {
    expect(order.map((who) => may(people[who], action, { entityId: LODGE, audience }))).toEqual(expected);
  });

  it('publishing for another entity is staff only', () => {
    expect(order.map((who) => may(people[who], 'PUBLISH', { entityId: OTHER, audience: 'TOUS' }))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('the read scope (lists, search) says the same as may READ', () => {
    for (const who of order) {
      const scope = readScope(people[who]);
      for (const audience of ['ENTITE', 'TOUS'] as const) {
        for (const entityId of [LODGE, OTHER, 99]) {
          const inScope =
            scope.all || (audience === 'TOUS' && scope.tous) || scope.entities.includes(entityId);
          expect(inScope, `${who} ${audience} ${entityId}`).toBe(
            may(people[who], 'READ', { entityId, audience }),
          );
        }
      }
    }
  });

  it('the actions a publisher is offered follow the distribution state', () => {
    const mayVenerable = (a: DocumentAction) =>
      may(people.venerable, a, { entityId: LODGE, audience: 'ENTITE' });
    expect(allowedActions(documentMachine, 'N', mayVenerable)).toEqual([
      'READ',
      'EDIT',
      'DELETE',
      'DISTRIBUTE',
    ]);
    expect(allowedActions(documentMachine, 'D', mayVenerable)).toEqual([
      'READ',
      'EDIT',
      'DELETE',
      'DISTRIBUTE',
      'CANCEL_DISTRIBUTION',
    ]);
    expect(() => documentMachine.next('N', 'CANCEL_DISTRIBUTION')).toThrow(/Annuler la diffusion/);
    const reader = (a: DocumentAction) => may(people.membre, a, { entityId: LODGE, audience: 'ENTITE' });
    expect(allowedActions(documentMachine, 'D', reader)).toEqual(['READ']);
  });
});
