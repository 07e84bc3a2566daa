/**
 * User search (POST /api/user/search as an administrator) over 100,000 accounts: free text over nom,
 * prénom, identifiant and e-mail (trigram index, accents ignored), the sorted list at a random page, and
 * the entity filter, one administrator at a time.
 */
import type { Dataset } from './dataset';
import type { Scenario } from './http';

// Texts a secretary types: part of a name without accents, an identifiant, a name and first name.
const TEXTS = [
  'helene',
  'lefev',
  'chenev',
  'membre4242',
  'garcon zoe',
  'muller',
  'jerome dub',
  'lambert',
  'agnes',
  '@exemple.fr',
];
const search = (criteria: (i: number, data: Dataset) => object) => (data: Dataset) => ({
  method: 'POST' as const,
  requests: (i: number) => ({ path: '/api/user/search', body: criteria(i, data) }),
  connections: 1,
  amount: 100,
});

export const scenarios: Scenario[] = [
  {
    figure: 'POST /api/user/search texte libre',
    load: search((i) => ({ texte: TEXTS[i % TEXTS.length] })),
    metrics: ['p95'],
    target: 'p95 < 20 ms (PostgreSQL)',
  },
  {
    figure: 'POST /api/user/search liste triée, page au hasard',
    load: search((i) => ({ tri: 'nom', page: 1 + ((i * 37) % 500) })),
    metrics: ['p95'],
  },
  {
    figure: 'POST /api/user/search filtre entité',
    load: search((i, data) => ({ entiteId: data.lodgeIds[i % data.lodgeIds.length] })),
    metrics: ['p95'],
  },
];
