import { act, screen, waitFor } from '@testing-library/react';
import { AccountSchema, OutboxListSchema, PAGES, pathTo } from '@union/contract';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../test/utils';
import { buildRoutes } from './router';

const SECTIONS = [
  ['/app/portail', 'USER'],
  ['/app/diffusions', 'DIFFUSION'],
  ['/app/reservations', 'PLANNING'],
  ['/app/restauration', 'USER'],
  ['/app/loge', 'LOGE'],
  ['/app/compta', 'COMPTA_LECTURE'],
  ['/app/doc', 'USER'],
  ['/app/admin', 'ADMIN'],
  ['/app/account', 'USER'],
] as const;

const ACCOUNT = {
  id: 7,
  identifiant: 'membre',
  nom: 'Membre',
  prenom: 'Marie',
  email: 'membre@exemple.fr',
  telephone: null,
  notificationRestauration: true,
  notificationDocuments: false,
  notificationMessages: true,
};

describe('routes and guards', () => {
  beforeEach(() => {
    mockApi({
      'GET /api/admin/emails': reply(OutboxListSchema, []),
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(SECTIONS)('%s sends a visitor without a session back to the landing page', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('link', { name: /Me connecter/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(SECTIONS.filter(([, right]) => right !== 'USER'))(
    '%s needs %s: without it the user goes to / (then on to the portal)',
    async (path) => {
      signInAs(['USER']);
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/portail'));
      expect(await screen.findByRole('heading', { name: /Bonjour Marie/ })).toBeInTheDocument();
    },
  );

  it.each(SECTIONS)('%s opens with %s', async (path, right) => {
    signInAs(['USER', right]);
    const { router } = renderApp(path);
    await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(router.state.location.pathname).toBe(path);
  });

  it('an expired session counts as none', async () => {
    signInAs(['USER', 'ADMIN'], { expiresInSeconds: -5 });
    const { router } = renderApp('/app/admin');
    expect(await screen.findByRole('link', { name: /Me connecter/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves the area by itself when the token expires on screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signInAs(['USER'], { expiresInSeconds: 2 });
      const { router } = renderApp('/app/portail');
      expect(await screen.findByRole('heading', { name: /Bonjour Marie/ })).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2500);
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(screen.getByRole('link', { name: /Me connecter/ })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the landing page sends a signed-in user to the portal', async () => {
    signInAs(['USER']);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/portail'));
  });

  it.each(['/nimporte-quoi', '/app/inconnu', '/login/extra'])('%s goes to page-not-found', async (path) => {
    signInAs(['USER']);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Oups ! Erreur 404' })).toBeInTheDocument();
    expect(screen.getByText('La page que vous recherchez semble introuvable.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/page-not-found');
  });

  it('the account sub-pages need RESTAURATION and PAYMENT', async () => {
    signInAs(['USER']);
    const { router } = renderApp('/app/account/payments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/portail'));
  });

  it('public pages show their texts', async () => {
    renderApp('/access-denied');
    expect(await screen.findByText(/réservé aux particuliers employeurs/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Retour à la page d'accueil/ })).toHaveAttribute('href', '/');
  });

  it('the legal notices give the address in Lyon, the developer, the host and a confidentiality commitment', async () => {
    renderApp('/mentions-legales');
    expect(await screen.findByRole('heading', { name: 'Mentions légales' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Mentions légales – Intranet de l'Union"));
    expect(screen.getByText(/Siège : .* Lyon/)).toBeInTheDocument();
    for (const title of [
      'Conception et développement',
      'Hébergement',
      'Confidentialité et données personnelles',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });
});

describe('the screens the server links to', () => {
  // E-mails and the payment provider's return point at PAGES: each must be a screen, not page-not-found.
  it.each(Object.entries(PAGES))('%s (%s) is a screen of the router', (_name, pattern) => {
    const path = pathTo(pattern, { id: 12 } as never);
    const matched = matchRoutes(buildRoutes(), path) ?? [];
    expect(matched.at(-1)?.route.path).not.toBe('*');
    expect(matched.length).toBeGreaterThan(0);
  });
});
