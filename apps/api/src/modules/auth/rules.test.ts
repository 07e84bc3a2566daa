import { describe, expect, it } from 'vitest';
import { canSignIn } from './rules';

describe('canSignIn', () => {
  it.each([
    ['A', ['USER'], true],
    ['A', ['USER', 'ADMIN'], true],
    ['A', ['ADMIN'], false],
    ['I', ['USER'], false],
    ['S', ['USER'], false],
  ])('state %s with %o → %s', (etat, habilitations, expected) => {
    expect(canSignIn({ etat, habilitations })).toBe(expected);
  });
});
