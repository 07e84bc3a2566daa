import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type TokenResponse, TokenResponseSchema, UserInfoSchema } from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, noContent, renderApp, reply } from '../../../../test/utils';
import { registerSignedInScreens } from '../../../lib/load-ahead';
import { getSession } from '../../../lib/session';

const TOKEN: TokenResponse = { access_token: 'jeton', token_type: 'bearer', expires_in: 28800 };

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /Identifiant/ }), username);
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Connecter' }));
}

describe('login page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps Connecter disabled until both fields have a character', async () => {
    mockApi({});
    renderApp('/login');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Connecter' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Identifiant/ }), 'a');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Mot de passe/), 'b');
    expect(submit).toBeEnabled();
  });

  it('says "le format de l\'e-mail est invalide" when submitted invalid, and sends nothing', async () => {
    const calls = mockApi({});
    renderApp('/login');
    fireEvent.submit(await screen.findByRole('form', { name: 'Connexion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("le format de l'e-mail est invalide");
    expect(calls).toHaveLength(0);
  });

  it('fetches the screens that follow sign-in once the form is shown, before anything is typed', async () => {
    mockApi({});
    const load = vi.fn().mockResolvedValue(undefined);
    registerSignedInScreens(load);
    renderApp('/login');
    await screen.findByRole('button', { name: 'Connecter' });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    registerSignedInScreens(() => Promise.resolve());
  });

  it('offers Retour and "Mot de passe oublié ?"', async () => {
    mockApi({});
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/mdp-oublie',
    );
  });

  it('shows "Authentification impossible" on invalid_grant, without the error modal', async () => {
    mockApi({ 'POST /oauth/token': failure(400, { error: 'invalid_grant' }) });
    renderApp('/login');
    await fillAndSubmit('membre', 'faux');
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentification impossible');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('sends the form-encoded password grant with the client credentials and no bearer', async () => {
    const calls = mockApi({
      'POST /oauth/token': reply(TokenResponseSchema, TOKEN),
      'GET /api/user/info': reply(UserInfoSchema, {
        habilitations: ['USER'],
        id: 4,
        nom: 'Durand',
        prenom: 'Paul',
      }),
    });
    renderApp('/login');
    await fillAndSubmit('membre', 'p@ss&mot=de passe');
    await screen.findByRole('heading', { name: /Bonjour Paul/ });
    const tokenCall = calls.find((c) => c.path === '/oauth/token')!;
    expect(tokenCall.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(tokenCall.headers.Authorization).toBe(`Basic ${btoa('union-intranet:union-intranet-secret')}`);
    expect(tokenCall.body).toBe('grant_type=password&username=membre&password=p%40ss%26mot%3Dde+passe');
  });

  it('with USER: stores the session and opens the portal', async () => {
    mockApi({
      'POST /oauth/token': reply(TokenResponseSchema, TOKEN),
      'GET /api/user/info': reply(UserInfoSchema, {
        habilitations: ['USER', 'ADMIN'],
        id: 4,
        nom: 'Durand',
        prenom: 'Paul',
      }),
    });
    const before = Date.now();
    const { router } = renderApp('/login');
    await fillAndSubmit('admin', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/portail'));
    const session = getSession()!;
    expect(session).toMatchObject({
      accessToken: 'jeton',
      habilitations: ['USER', 'ADMIN'],
      id: 4,
      nom: 'Durand',
    });
    expect(session.expiresAt).toBeGreaterThanOrEqual(before + 28800 * 1000);
  });

  it('without USER: revokes the token, clears the session and says "Authentification impossible"', async () => {
    const calls = mockApi({
      'POST /oauth/token': reply(TokenResponseSchema, TOKEN),
      'GET /api/user/info': reply(UserInfoSchema, {
        habilitations: ['ADMIN'],
        id: 4,
        nom: 'Durand',
        prenom: 'Paul',
      }),
      'DELETE /oauth/token': noContent(),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('admin', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentification impossible');
    const revoke = calls.find((c) => c.method === 'DELETE');
    expect(revoke?.headers.Authorization).toBe('Bearer jeton');
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('logout revokes the token, clears the session and returns to /', async () => {
    const calls = mockApi({
      'POST /oauth/token': reply(TokenResponseSchema, TOKEN),
      'GET /api/user/info': reply(UserInfoSchema, {
        habilitations: ['USER'],
        id: 4,
        nom: 'Durand',
        prenom: 'Paul',
      }),
      'DELETE /oauth/token': noContent(),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('membre', 'secret');
    await screen.findByRole('heading', { name: /Bonjour Paul/ });
    await userEvent.click(screen.getByRole('button', { name: 'Déconnexion', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/oauth/token' });
    expect(calls.at(-1)!.headers['X-XSRF-TOKEN']).toBe('x');
    expect(getSession()).toBeNull();
    expect(await screen.findByRole('link', { name: /Me connecter/ })).toBeInTheDocument();
  });
});
