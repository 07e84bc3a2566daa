import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { may } from './policy';

describe('settings policy', () => {
  it.each<[Habilitation[], boolean]>([
    [['USER', 'ADMIN'], true],
    [['USER', 'COMPTA_SAISIE', 'MENUS'], false],
    [['USER'], false],
  ])('%j may administer rooms and settings: %s', (habilitations, allowed) => {
    expect(may({ caller: { id: 1, habilitations } }, 'ADMINISTER', null)).toBe(allowed);
  });
});
