import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalMessageListSchema, type PortalMessage } from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';
import { PORTAL_MESSAGES_KEY } from '../api/messages';

const WARNING: PortalMessage = {
  id: 3,
  titre: 'Travaux au temple',
  texte: 'Le temple est fermé.\nVoir https://exemple.fr/travaux. <b>pas du HTML</b>',
  niveau: 'warning',
  debut: '2026-03-01',
  fin: null,
};

describe('portal messages', () => {
  beforeEach(() => {
    signInAs(['USER']);
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the messages above the menu, links clickable, markup as text, and hides one on request', async () => {
    let hidden = false;
    const calls = mockApi({
      'GET /api/diffusion/appli': () => reply(PortalMessageListSchema, hidden ? [] : [WARNING]),
      'POST /api/diffusion/3/masquer': () => {
        hidden = true;
        return noContent();
      },
    });
    renderApp('/app/portail');
    const region = await screen.findByRole('region', { name: 'Messages' });
    const alert = within(region).getByRole('alert');
    expect(alert).toHaveTextContent('Avertissement : Travaux au temple');
    expect(screen.getByRole('link', { name: 'https://exemple.fr/travaux' })).toHaveAttribute(
      'href',
      'https://exemple.fr/travaux',
    );
    expect(alert).toHaveTextContent('<b>pas du HTML</b>');
    expect(alert.querySelector('b')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Masquer le message « Travaux au temple »' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/diffusion/3/masquer')).toBe(true);
  });

  it('shows nothing, and no error, when the messages cannot be read', async () => {
    mockApi({ 'GET /api/diffusion/appli': failure(500) });
    const { queryClient } = renderApp('/app/portail');
    expect(await screen.findByRole('heading', { name: /Bonjour/ })).toBeInTheDocument();
    // Once the messages' query has failed, what the screen shows of it is final.
    await waitFor(() => expect(queryClient.getQueryState(PORTAL_MESSAGES_KEY)?.status).toBe('error'));
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
