/**
 * GET /api/user/info with a bearer token, 16 connections at once: the cost of an authenticated request
 * (the session and its user in one query), in throughput and latency, beside the floor.
 */
import type { Scenario } from './http';

export const scenarios: Scenario[] = [
  {
    figure: 'GET /api/user/info (16 connexions)',
    load: () => ({ requests: () => ({ path: '/api/user/info' }), connections: 16, amount: 4000 }),
    metrics: ['perSecond', 'p95'],
    target: 'débit ≥ 90 % du plancher',
  },
];
