import { describe, expect, it } from 'vitest';
import { sortFrench } from './collator';

describe('French order', () => {
  it('puts accented and lower-case names where a French reader expects them', () => {
    expect(sortFrench(['Nathalie', 'Zoé', 'Élodie', 'eric', 'Agnès'], (s) => s)).toEqual([
      'Agnès',
      'Élodie',
      'eric',
      'Nathalie',
      'Zoé',
    ]);
  });
});
