import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionListSchema, SessionsEndedSchema, type SessionRow } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import { mockApi, reply } from '../../../../test/utils';
import { SessionsPanel } from './SessionsPanel';

const row = (id: number, ouverture: string, courante = false, avantSecondFacteur = false): SessionRow => ({
  id,
  appareil: 'Firefox sur Linux',
  adresse: '203.0.113.7',
  ouverture,
  derniereUtilisation: '2026-11-28T09:00:00.000Z',
  courante,
  avantSecondFacteur,
});

describe('« Mes sessions »', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells sessions of one device and address apart by their dates, then by a number', async () => {
    mockApi({
      'GET /api/user/sessions': reply(SessionListSchema, [
        row(1, '2026-11-28T08:00:00.000Z', true),
        row(2, '2026-11-20T08:00:00.000Z'),
        row(3, '2026-11-21T08:00:00.000Z'),
        row(4, '2026-11-21T08:00:00.000Z'),
      ]),
    });
    render(
      <Providers>
        <SessionsPanel />
      </Providers>,
    );
    const buttons = await screen.findAllByRole('button', { name: /^Terminer la session/ });
    const names = buttons.map((b) => b.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toMatch(/Firefox sur Linux, 203\.0\.113\.7, ouverte le 20\/11\/2026/);
    expect(names[1]).toMatch(/ouverte le 21\/11\/2026.*\(n° 1\)$/);
    expect(names[2]).toMatch(/\(n° 2\)$/);
    expect(screen.getAllByText(/ouverte le/)).toHaveLength(4);
  });

  it('tells the sessions opened before the double authentication, and ends them but this one', async () => {
    document.cookie = 'XSRF-TOKEN=x; path=/';
    let sessions = [
      row(1, '2026-11-20T08:00:00.000Z', true, true),
      row(2, '2026-11-21T08:00:00.000Z', false, true),
      row(3, '2026-11-22T08:00:00.000Z', false, true),
      row(4, '2026-11-27T08:00:00.000Z'),
    ];
    const calls = mockApi({
      'GET /api/user/sessions': () => reply(SessionListSchema, sessions),
      'DELETE /api/user/sessions/avant-second-facteur': () => {
        sessions = [sessions[0]!, sessions[3]!];
        return reply(SessionsEndedSchema, { terminees: 2 });
      },
    });
    render(
      <Providers>
        <SessionsPanel />
      </Providers>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '2 sessions ont été ouvertes avant l’activation de la double authentification.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Terminer ces sessions' }));
    expect(await screen.findByText('2 sessions terminées.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByText(/ouverte le/)).toHaveLength(2));
  });
});
