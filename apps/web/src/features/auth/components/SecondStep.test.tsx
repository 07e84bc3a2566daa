import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, renderApp } from '../../../../test/utils';

/** The password step's answer for an account with these factors. */
const asked = (facteurs: string[], message: string) =>
  failure(400, {
    status: 400,
    error: 'mfa_required',
    message,
    error_description: message,
    mfa_token: 'jeton-mfa',
    facteurs,
  });

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /Identifiant/ }), 'paul');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'secret');
  await user.click(screen.getByRole('button', { name: 'Connecter' }));
}

describe('the sign-in’s second step offers what the account has', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a passkey and recovery codes: the passkey, and a field for a recovery code only', async () => {
    mockApi({ 'POST /oauth/token': asked(['cle_acces', 'code_secours'], 'Utilisez votre clé d’accès.') });
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('button', { name: 'Utiliser une clé d’accès' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code de secours' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Code de vérification' })).not.toBeInTheDocument();
  });

  it('a passkey alone: no code is asked', async () => {
    mockApi({ 'POST /oauth/token': asked(['cle_acces'], 'Utilisez votre clé d’accès.') });
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('button', { name: 'Utiliser une clé d’accès' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vérifier' })).not.toBeInTheDocument();
  });

  it('an authenticator: the code field, a recovery code accepted too', async () => {
    mockApi({ 'POST /oauth/token': asked(['totp', 'code_secours'], 'Saisissez le code.') });
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('textbox', { name: 'Code de vérification' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Utiliser une clé d’accès' })).not.toBeInTheDocument();
  });
});
