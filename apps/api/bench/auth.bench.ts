/**
 * GET /api/user/info with a bearer token: the cost of an authenticated request (the session and its user
 * in one query), in throughput and latency, beside the floor. At 16 connections neither side is short of
 * processor; at 50, from a client that keeps no cookie (as a load tester from outside), the application's
 * own cost per request decides (issue 18).
 */
import type { Scenario } from './http';

export const scenarios: Scenario[] = [
  {
    figure: 'GET /api/user/info (16 connexions)',
    load: () => ({ requests: () => ({ path: '/api/user/info' }), connections: 16, amount: 4000 }),
    metrics: ['perSecond', 'p95'],
    target: 'débit ≥ 90 % du plancher',
  },
  {
    figure: 'GET /api/user/info (50 connexions, sans cookie)',
    load: () => ({
      requests: () => ({ path: '/api/user/info' }),
      connections: 50,
      amount: 8000,
      xsrfCookie: false,
    }),
    metrics: ['perSecond', 'p95'],
    target: 'débit ≥ 90 % du plancher',
  },
];
