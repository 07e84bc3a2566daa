/**
 * The planning's week search (GET /api/reservation/search/{date}) over 50,000 reservations spread over
 * ten years in five rooms: any week of the ten years, one user at a time (what a user feels), then eight.
 */
import { addDays } from '@union/contract';
import { DAYS, type Dataset } from './dataset';
import type { Scenario } from './http';

const week = (data: Dataset) => (i: number) => ({
  path: `/api/reservation/search/${addDays(data.firstDay, (i * 37) % DAYS)}`,
});

export const scenarios: Scenario[] = [
  {
    figure: 'GET /api/reservation/search/{date} (1 connexion)',
    load: (data) => ({ requests: week(data), connections: 1, amount: 200 }),
    metrics: ['p95'],
    target: 'p95 < 15 ms (PostgreSQL), < 40 ms (PGlite)',
  },
  {
    figure: 'GET /api/reservation/search/{date} (8 connexions)',
    load: (data) => ({ requests: week(data), connections: 8, amount: 400 }),
    metrics: ['perSecond', 'p95'],
  },
];
