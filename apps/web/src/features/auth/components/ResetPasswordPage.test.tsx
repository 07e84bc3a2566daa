import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, noContent, renderApp } from '../../../../test/utils';

describe('reset-password page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function choose(password: string, confirmation: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), password);
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), confirmation);
    return user;
  }

  it('needs 12 characters and the same password twice', async () => {
    mockApi({});
    renderApp('/reinitialiser-mdp?jeton=abc');
    await choose('court', 'autre');
    expect(screen.getByText('Au moins 12 caractères.')).toBeInTheDocument();
    expect(screen.getByText('Les deux mots de passe ne sont pas identiques.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  });

  it('sends the token and the password, then offers to sign in', async () => {
    const calls = mockApi({ 'POST /api/user/password/reinitialiser': noContent() });
    renderApp('/reinitialiser-mdp?jeton=abc');
    const user = await choose('Un-mot-de-passe-long', 'Un-mot-de-passe-long');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('link', { name: 'Me connecter' })).toHaveAttribute('href', '/login');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ jeton: 'abc', data: 'Un-mot-de-passe-long' });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('an expired link shows the server message in the "Erreur de saisie" modal', async () => {
    mockApi({
      'POST /api/user/password/reinitialiser': failure(412, {
        status: 412,
        error: 'x',
        message: "Ce lien n'est plus valide : demandez-en un nouveau.",
      }),
    });
    renderApp('/reinitialiser-mdp?jeton=abc');
    const user = await choose('Un-mot-de-passe-long', 'Un-mot-de-passe-long');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Erreur de saisie');
    expect(dialog).toHaveTextContent("Ce lien n'est plus valide : demandez-en un nouveau.");
  });

  it('without a token, points to a new request', async () => {
    mockApi({});
    renderApp('/reinitialiser-mdp');
    expect(await screen.findByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/mdp-oublie',
    );
  });
});
