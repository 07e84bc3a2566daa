import { describe, expect, it } from 'vitest';
import { compareFrench } from './collator';

describe('French order', () => {
  it('puts accented and lower-case names where a French reader expects them', () => {
    expect(['Nathalie', 'Zoé', 'Élodie', 'eric', 'Agnès'].sort(compareFrench)).toEqual([
      'Agnès',
      'Élodie',
      'eric',
      'Nathalie',
      'Zoé',
    ]);
  });
});
