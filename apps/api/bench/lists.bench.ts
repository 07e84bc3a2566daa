/**
 * The lists of issue 18 at real size (lists-dataset.ts), one reader at a time, beside their floor: the
 * documents search over 10,000 documents (with words, and the list without words), the accounting order
 * search over 20,000 orders (the default list, the overdue invoices, one lodge and year), and the card
 * screen of a member whose card has 2,000 movements. Target: p95 under 50 ms on PostgreSQL.
 */
import type { Dataset } from './dataset';
import type { Load, Scenario } from './http';
import { DOCUMENTS, MOVEMENTS, ORDERS, READER_WORDS } from './lists-dataset';

const TARGET = 'p95 < 50 ms (PostgreSQL)';
const THOUSANDS = (n: number) => n.toLocaleString('fr-FR');

const alone = (data: Dataset, load: Omit<Load, 'connections' | 'amount'>): Load => ({
  connections: 1,
  amount: 200,
  ...load,
});
const orders = (criteria: (i: number, data: Dataset) => object) => (data: Dataset) =>
  alone(data, {
    method: 'POST',
    token: data.tokens.tresorier,
    requests: (i) => ({ path: '/api/compta/commande/search', body: criteria(i, data) }),
  });

export const scenarios: Scenario[] = [
  {
    figure: `GET /api/document/all mots (${THOUSANDS(DOCUMENTS)} documents)`,
    load: (data) =>
      alone(data, {
        token: data.tokens.lecteur,
        requests: (i) => ({
          path: `/api/document/all?q=${encodeURIComponent(READER_WORDS[i % READER_WORDS.length]!)}`,
        }),
      }),
    metrics: ['p95'],
    target: TARGET,
  },
  {
    figure: `GET /api/document/all sans mot (${THOUSANDS(DOCUMENTS)} documents)`,
    load: (data) =>
      alone(data, { token: data.tokens.lecteur, requests: () => ({ path: '/api/document/all' }) }),
    metrics: ['p95'],
    target: TARGET,
  },
  {
    figure: `POST /api/compta/commande/search liste par défaut (${THOUSANDS(ORDERS)} commandes)`,
    load: orders(() => ({})),
    metrics: ['p95'],
    target: TARGET,
  },
  {
    figure: 'POST /api/compta/commande/search factures en retard',
    load: orders(() => ({ enRetard: true })),
    metrics: ['p95'],
    target: TARGET,
  },
  {
    figure: 'POST /api/compta/commande/search une loge, une année',
    load: orders((i, data) => ({
      idEntite: data.lodgeIds[i % data.lodgeIds.length],
      annee: new Date().getFullYear() - (i % 20),
    })),
    metrics: ['p95'],
    target: TARGET,
  },
  {
    figure: `GET /api/user/payments (carte de ${THOUSANDS(MOVEMENTS)} mouvements)`,
    load: (data) =>
      alone(data, { token: data.tokens.carte, requests: () => ({ path: '/api/user/payments' }) }),
    metrics: ['p95'],
    target: TARGET,
  },
];
