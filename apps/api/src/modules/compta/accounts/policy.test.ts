import { describe, expect, it } from 'vitest';
import type { Habilitation } from '@union/contract';
import { mayAccount } from './policy';

const ctx = (habilitations: Habilitation[], officerOf: number[]) => ({
  caller: { id: 1, habilitations },
  officerOf: new Set(officerOf),
});

describe('who reads and pays an entity’s account', () => {
  it.each([
    // habilitations, officer of, entity, read, pay
    [['USER', 'LOGE'], [7], 7, true, true],
    [['USER', 'LOGE'], [7], 8, false, false],
    [['USER'], [7], 7, false, false],
    [['USER', 'COMPTA_LECTURE'], [], 8, true, false],
    [['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'], [], 8, true, false],
    [['USER', 'ADMIN'], [], 8, false, false],
  ] as [Habilitation[], number[], number, boolean, boolean][])(
    '%j officer of %j, entity %i: read %s, pay %s',
    (habs, officerOf, entityId, read, pay) => {
      expect(mayAccount(ctx(habs, officerOf), 'READ_ACCOUNT', { entityId })).toBe(read);
      expect(mayAccount(ctx(habs, officerOf), 'PAY_ONLINE', { entityId })).toBe(pay);
    },
  );

  it('no entity: nothing', () => {
    expect(mayAccount(ctx(['USER', 'LOGE', 'COMPTA_LECTURE'], [7]), 'READ_ACCOUNT', null)).toBe(false);
  });
});
