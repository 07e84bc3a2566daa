import { describe, expect, it } from 'vitest';
import { dishLabel } from './labels';

describe('a dish as the order form names it', () => {
  it('says its kind only when its name does not', () => {
    expect(dishLabel({ libelle: 'Quenelle de brochet, sauce Nantua', type: 'P' })).toBe(
      'Quenelle de brochet, sauce Nantua (Plat)',
    );
    expect(dishLabel({ libelle: 'Café', type: 'C' })).toBe('Café');
    expect(dishLabel({ libelle: 'Menu du jour (entrée, plat, dessert)', type: 'M' })).toBe(
      'Menu du jour (entrée, plat, dessert)',
    );
  });
});
