import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { defineMachine } from './state-machine';

type Door = 'open' | 'closed' | 'locked';
type Move = 'OPEN' | 'CLOSE' | 'LOCK' | 'UNLOCK';

const door = defineMachine<Door, Move>(
  {
    OPEN: { closed: 'open' },
    CLOSE: { open: 'closed' },
    LOCK: { closed: 'locked' },
    UNLOCK: { locked: 'closed' },
  },
  {
    state: (s) => ({ open: 'ouverte', closed: 'fermée', locked: 'verrouillée' })[s],
    action: (a) => a.toLowerCase(),
  },
);

describe('defineMachine', () => {
  it.each([
    ['closed', 'OPEN', 'open'],
    ['open', 'CLOSE', 'closed'],
    ['closed', 'LOCK', 'locked'],
    ['locked', 'UNLOCK', 'closed'],
  ] as const)('%s + %s → %s', (from, action, to) => {
    expect(door.can(from, action)).toBe(true);
    expect(door.next(from, action)).toBe(to);
  });

  it('refuses a move not allowed now with a 412 naming the action and the state', () => {
    expect(door.can('locked', 'OPEN')).toBe(false);
    try {
      door.next('locked', 'OPEN');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(412);
      expect((error as AppError).message).toBe(
        "Action impossible : « open » n'est pas permis à l'état « verrouillée ».",
      );
    }
  });

  it('lists the actions possible from a state', () => {
    expect(door.actionsFrom('closed')).toEqual(['OPEN', 'LOCK']);
    expect(door.actionsFrom('open')).toEqual(['CLOSE']);
  });
});
