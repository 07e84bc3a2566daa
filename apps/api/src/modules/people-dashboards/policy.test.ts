import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { may } from './policy';

const ctx = (habilitations: Habilitation[], officerOf: number[] = []) => ({
  caller: { id: 1, habilitations },
  officerOf: new Set(officerOf),
});

describe('people dashboards policy', () => {
  it.each([
    ['an officer of the lodge', ctx(['LOGE'], [7]), 7, true],
    ['an officer of another lodge', ctx(['LOGE'], [8]), 7, false],
    ['an officer without LOGE', ctx([], [7]), 7, false],
    ['the Union treasurer', ctx(['COMPTA_LECTURE']), 7, false],
    ['an administrator', ctx(['ADMIN']), 7, false],
  ] as const)('a lodge’s dashboard: %s → %s', (_, c, entityId, expected) => {
    expect(may(c, 'READ_LODGE', { entityId })).toBe(expected);
    expect(may(c, 'READ_LODGE', null)).toBe(false);
  });

  it.each([
    ['an administrator', ctx(['ADMIN']), true],
    ['a lodge officer', ctx(['LOGE'], [7]), false],
    ['nobody in particular', ctx([]), false],
  ] as const)('the administration’s dashboard: %s → %s', (_, c, expected) => {
    expect(may(c, 'READ_ADMIN', null)).toBe(expected);
  });
});
