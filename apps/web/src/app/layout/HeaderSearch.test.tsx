import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GlobalSearchResultSchema, PortalSummarySchema, type GlobalSearchResult } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, renderApp, reply, signInAs } from '../../../test/utils';

const none = { lignes: [], plus: false };
const FOUND: GlobalSearchResult = {
  personnes: {
    lignes: [
      { id: 12, titre: 'Élodie Pérignon', detail: 'elodie@exemple.fr', lien: '/app/admin/utilisateurs/12' },
    ],
    plus: false,
  },
  documents: none,
  pieces: {
    lignes: [
      {
        id: 40,
        titre: 'Facture F2026-0004 · Agapes',
        detail: 'Les Chevaliers du Rhône · 350,00 € · Facture émise',
        lien: '/app/compta/commandes/40',
      },
    ],
    plus: true,
  },
  reservations: none,
};
const PORTAL = {
  seances: [],
  repas: [],
  carte: null,
  documents: { depuis: null, total: 0, nouveaux: [], lien: '/app/doc' },
  aTraiter: [],
};

describe('the header’s search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists what is found by kind; the arrows and Enter open a line', async () => {
    // (An administrator would first be asked for a second factor: the search is the same for everyone.)
    signInAs(['USER', 'LOGE', 'COMPTA_LECTURE']);
    const calls = mockApi({
      'GET /api/portail': reply(PortalSummarySchema, PORTAL),
      'GET /api/recherche?q=elodie': reply(GlobalSearchResultSchema, FOUND),
    });
    const { router } = renderApp('/app/portail');
    const box = await screen.findByRole('combobox', { name: /Rechercher une personne/ });
    await userEvent.type(box, 'e');
    expect(await screen.findByText('Tapez au moins 2 caractères.')).toBeInTheDocument();
    await userEvent.type(box, 'lodie');
    await waitFor(() => expect(calls.map((c) => c.path).join(' ')).toContain('/api/recherche?q=elodie'));
    expect(await screen.findByRole('option', { name: /Élodie Pérignon/, hidden: true })).toBeInTheDocument();
    expect(screen.getByText('Personnes')).toBeInTheDocument();
    expect(screen.getByText('Factures et devis')).toBeInTheDocument();
    expect(screen.getByText('D’autres correspondent : précisez la recherche.')).toBeInTheDocument();
    expect(screen.getByText(/2 résultats/)).toBeInTheDocument();
    // One call for the word typed, none for the single letter.
    expect(calls.filter((c) => c.path.startsWith('/api/recherche')).map((c) => c.path)).toEqual([
      '/api/recherche?q=elodie',
    ]);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/compta/commandes/40'));
    expect(box).toHaveValue('');
  });

  it('Escape closes the list; nothing found and a failure say so', async () => {
    signInAs(['USER']);
    mockApi({
      'GET /api/portail': reply(PortalSummarySchema, PORTAL),
      'GET /api/recherche?q=zz': reply(GlobalSearchResultSchema, {
        personnes: none,
        documents: none,
        pieces: none,
        reservations: none,
      }),
      'GET /api/recherche?q=boom': failure(500),
    });
    renderApp('/app/portail');
    const box = await screen.findByRole('combobox', { name: /Rechercher/ });
    await userEvent.type(box, 'zz');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(
      await screen.findByText('Rien trouvé pour « zz » parmi ce que vous pouvez voir.'),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
    await userEvent.clear(box);
    await userEvent.type(box, 'boom');
    expect(await screen.findByText(/La recherche n'a pas abouti/)).toBeInTheDocument();
  });
});
