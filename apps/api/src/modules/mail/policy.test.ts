import type { Habilitation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { may } from './policy';

describe('mail policy', () => {
  const cases: [Habilitation[], boolean][] = [
    [['USER', 'ADMIN'], true],
    [['USER', 'LOGE', 'PLANNING'], false],
    [['USER'], false],
  ];
  it.each(cases)('%j may read the outbox: %s', (habilitations, allowed) => {
    expect(may({ caller: { id: 1, habilitations } }, 'READ_OUTBOX', null)).toBe(allowed);
  });
});
