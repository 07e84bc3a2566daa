/** The contract's French helpers (issue 20): the one date formatter, « de » before an entity, plurals. */
import { deEntite, frenchDay, plural } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { frenchDate } from './dates';

describe('frenchDay', () => {
  it('writes the first of the month « 1er », months and weekdays in lower case', () => {
    expect(frenchDay('2026-04-01')).toBe('1er avril 2026');
    expect(frenchDay('2026-04-01', { weekday: true })).toBe('mercredi 1er avril 2026');
    expect(frenchDay('2026-03-03')).toBe('3 mars 2026');
    expect(frenchDay('2026-11-11')).toBe('11 novembre 2026');
    expect(frenchDay('2026-08-21', { weekday: true })).toBe('vendredi 21 août 2026');
    expect(frenchDay('2026-06-01T22:30:00Z')).toBe('1er juin 2026');
  });

  it('is what the server’s letters and e-mails use', () => {
    expect(frenchDate('2027-01-01')).toBe('vendredi 1er janvier 2027');
  });
});

describe('deEntite', () => {
  it('puts the article French puts before an organisation', () => {
    expect(`Le trésorier ${deEntite('Union des Loges et Associations de Lyon')}`).toBe(
      'Le trésorier de l’Union des Loges et Associations de Lyon',
    );
    expect(deEntite('Loge Hiram')).toBe('de la Loge Hiram');
    expect(deEntite('Association Les Amis du Temple')).toBe('de l’Association Les Amis du Temple');
    expect(deEntite('Grand Orient de France')).toBe('du Grand Orient de France');
    expect(deEntite('Atelier Condorcet')).toBe('de l’Atelier Condorcet');
    expect(deEntite("L'Étoile du Rhône")).toBe('de l’Étoile du Rhône');
    expect(deEntite('Les Chevaliers du Rhône')).toBe('des Chevaliers du Rhône');
    expect(deEntite('Le Phénix')).toBe('du Phénix');
    expect(deEntite('Tolérance et Progrès')).toBe('de Tolérance et Progrès');
    expect(deEntite('Amitié')).toBe('d’Amitié');
  });
});

describe('plural', () => {
  it('writes the count and the right form, never « (s) »', () => {
    expect(plural(0, 'personne')).toBe('0 personne');
    expect(plural(1, 'personne')).toBe('1 personne');
    expect(plural(3, 'personne')).toBe('3 personnes');
    expect(plural(2, 'date non placée', 'dates non placées')).toBe('2 dates non placées');
    expect(plural(1200, 'membre')).toBe('1\u00a0200 membres');
  });
});
