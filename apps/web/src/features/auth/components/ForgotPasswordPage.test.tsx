import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noContent, renderApp } from '../../../../test/utils';

describe('forgotten-password page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('warns about an invalid address and keeps Envoyer disabled', async () => {
    mockApi({});
    renderApp('/mdp-oublie');
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: 'Envoyer' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Adresse e-mail/ }), 'pas-une-adresse');
    expect(screen.getByRole('alert')).toHaveTextContent("Attention : le format de l'e-mail est invalide");
    expect(send).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: /Adresse e-mail/ }));
    await user.type(screen.getByRole('textbox', { name: /Adresse e-mail/ }), 'paul@exemple.fr');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
    expect(screen.getByRole('link', { name: "Retour à la page d'accueil" })).toHaveAttribute('href', '/');
  });

  it('sends the address without a bearer and confirms "Un e-mail va être envoyé !"', async () => {
    const calls = mockApi({ 'PATCH /api/user/password': noContent() });
    document.cookie = 'XSRF-TOKEN=x; path=/';
    renderApp('/mdp-oublie');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Adresse e-mail/ }), 'paul@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Un e-mail va être envoyé !')).toBeInTheDocument();
    expect(screen.getByText(/Si l'adresse/)).toHaveTextContent('paul@exemple.fr');
    expect(screen.getByText(/courriers indésirables/)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/user/password',
      body: '{"data":"paul@exemple.fr"}',
    });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('shows the danger alert "le service est inaccessible" when the service fails, not the modal', async () => {
    mockApi({ 'PATCH /api/user/password': 'network-error', 'GET /api/parametres/droits': 'network-error' });
    renderApp('/mdp-oublie');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Adresse e-mail/ }), 'paul@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('le service est inaccessible');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Un e-mail va être envoyé !')).not.toBeInTheDocument();
  });
});
