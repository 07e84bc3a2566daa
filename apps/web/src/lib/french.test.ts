import { describe, expect, it } from 'vitest';
import { addDays, de, deEntite, laSalle, parisDay } from '@union/contract';

describe('French helpers', () => {
  it.each([
    ['Anaïs Martin', 'd’Anaïs Martin'],
    ['Émile Zola', 'd’Émile Zola'],
    ['Hélène Durand', 'd’Hélène Durand'],
    ['Yves Robert', 'd’Yves Robert'],
    ['Paul Dupont', 'de Paul Dupont'],
    ['Les Chevaliers du Rhône', 'des Chevaliers du Rhône'],
    ['Le Grand Orient', 'du Grand Orient'],
    ['La Fraternité', 'de La Fraternité'],
    ['Union', 'd’Union'],
  ])('de(%s) = %s', (name, expected) => expect(de(name)).toBe(expected));

  // « la carte Union des Chevaliers du Rhône », never « de Les Chevaliers du Rhône » (issue 31).
  it.each([
    ['Les Chevaliers du Rhône', 'des Chevaliers du Rhône'],
    ['Le Phénix', 'du Phénix'],
    ['Grand Orient de France', 'du Grand Orient de France'],
    ['Loge Hiram', 'de la Loge Hiram'],
    ['La Fraternité', 'de La Fraternité'],
    ["L'Étoile du Nord", 'de l’Étoile du Nord'],
    ['Union des Loges', 'de l’Union des Loges'],
    ['Atelier Voltaire', 'de l’Atelier Voltaire'],
    ['Tolérance et Progrès', 'de Tolérance et Progrès'],
  ])('deEntite(%s) = %s', (name, expected) => expect(deEntite(name)).toBe(expected));

  it('says « la salle » once', () => {
    expect(laSalle('Salle Condorcet')).toBe('La salle Condorcet');
    expect(laSalle('salle des fêtes', false)).toBe('la salle des fêtes');
    expect(laSalle('Temple Hiram')).toBe('La salle Temple Hiram');
  });

  it('reads the day in Paris and counts days', () => {
    // 23:30 UTC on 31 December is already 1 January in Lyon.
    expect(parisDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
