import { describe, expect, it } from 'vitest';
import { auteurOf, presentHistory } from './presenter';

const row = {
  id: 4,
  action: 'REFUSE_CREATION',
  details: { motif: 'Salle en travaux' },
  createdAt: new Date('2026-03-03T13:05:00Z'),
  actorId: 7,
  actorNom: 'Secrétan',
  actorPrenom: 'Sophie',
};

describe('the one history presenter', () => {
  it('reads the date, the action and the author the same way for every module', () => {
    const [entry] = presentHistory([row], (e) => ({
      libelle: `${e.action} par ${e.auteur}`,
      motif: String(e.details.motif),
    }));
    expect(entry).toEqual({
      id: 4,
      date: '2026-03-03T13:05:00.000Z',
      action: 'REFUSE_CREATION',
      libelle: 'REFUSE_CREATION par Sophie Secrétan',
      resume: null,
      auteur: 'Sophie Secrétan',
      motif: 'Salle en travaux',
    });
  });

  it('hands the module empty details, and no author for the system', () => {
    const seen: unknown[] = [];
    const [entry] = presentHistory(
      [{ ...row, details: null, actorId: null, actorNom: null, actorPrenom: null }],
      (e) => {
        seen.push(e.details);
        return { libelle: 'Fait', resume: 'Rien' };
      },
    );
    expect(seen).toEqual([{}]);
    expect(entry).toMatchObject({ auteur: null, resume: 'Rien', motif: null });
    expect(auteurOf({ actorNom: 'Zola', actorPrenom: null })).toBe('Zola');
  });
});
