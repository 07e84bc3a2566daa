import { describe, expect, it } from 'vitest';
import { presentHistory } from '../audit/presenter';
import { describeReservationEntry } from './presenter';

const at = (iso: string) => new Date(iso);
const row = (action: string, details: unknown, createdAt: Date, who: [string, string] | null) => ({
  id: 1,
  actorId: who ? 7 : null,
  action,
  details,
  createdAt,
  actorPrenom: who?.[0] ?? null,
  actorNom: who?.[1] ?? null,
});

describe('the reservation history reads as what happened', () => {
  it('names the author and the Paris date and time', () => {
    // 13:05 UTC on 3 March 2026 is 14:05 in Lyon (winter time).
    const [accepted] = presentHistory(
      [
        row('ACCEPT_CREATION', { avant: 'DC', apres: 'CR' }, at('2026-03-03T13:05:00Z'), [
          'Sophie',
          'Secrétan',
        ]),
      ],
      describeReservationEntry,
    );
    expect(accepted!.libelle).toBe('Demande acceptée par Sophie Secrétan le 3 mars 2026 à 14:05');
  });

  it('lists the fields an EDIT changed, in French; the first of the month is « 1er »', () => {
    const [edited] = presentHistory(
      [
        row(
          'EDIT',
          { avant: 'CR', apres: 'CR', champs: ['salle', 'horaires', 'entite'] },
          at('2026-07-01T08:30:00Z'),
          ['Sophie', 'Secrétan'],
        ),
      ],
      describeReservationEntry,
    );
    expect(edited!.libelle).toBe(
      'Réservation modifiée par Sophie Secrétan le 1er juillet 2026 à 10:30 : salle, horaires, loge ou association',
    );
  });

  it('reads the planning’s own entries and entries without author', () => {
    const [generated, removed] = presentHistory(
      [
        row('PLANNING_GENERATE', null, at('2026-09-01T06:00:00Z'), ['Sophie', 'Secrétan']),
        row('PLANNING_REMOVE', null, at('2026-09-02T06:00:00Z'), null),
      ],
      describeReservationEntry,
    );
    expect(generated!.libelle).toBe(
      'Créée par le planning annuel (entrée enregistrée par Sophie Secrétan) le 1er septembre 2026 à 08:00',
    );
    expect(removed!.libelle).toBe('Retirée du planning annuel le 2 septembre 2026 à 08:00');
  });
});
