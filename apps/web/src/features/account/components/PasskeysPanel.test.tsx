import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Account,
  AccountSchema,
  PasskeyAddedSchema,
  PasskeyListSchema,
  type PasskeyRow,
  WebauthnOptionsSchema,
} from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';

const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: (...args: unknown[]) => startRegistration(...args) as unknown,
  startAuthentication: vi.fn(),
}));

const ACCOUNT: Account = {
  id: 7,
  identifiant: 'membre',
  nom: 'Membre',
  prenom: 'Marie',
  email: 'membre@exemple.fr',
  telephone: null,
  notificationRestauration: false,
  notificationDocuments: false,
  notificationMessages: true,
};
const PHONE: PasskeyRow = {
  id: 3,
  nom: 'Clé USB',
  creation: '2026-03-03T13:05:00.000Z',
  derniereUtilisation: null,
};

describe('account page, « Clés d’accès » card', () => {
  beforeEach(() => {
    signInAs(['USER']);
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the passkeys and removes one only after a confirmation naming it', async () => {
    let list = [PHONE];
    const calls = mockApi({
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
      'GET /api/user/cles-acces': () => reply(PasskeyListSchema, list),
      'DELETE /api/user/cles-acces/3': () => {
        list = [];
        return noContent();
      },
    });
    renderApp('/app/account');
    const user = userEvent.setup();
    expect(await screen.findByText('Clé USB')).toBeVisible();
    expect(screen.getByText(/jamais utilisée/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Supprimer la clé d’accès Clé USB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la clé d’accès' });
    expect(dialog).toHaveTextContent('Supprimer la clé d’accès « Clé USB » ?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer la clé d’accès Clé USB' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Supprimer la clé d’accès' })).getByRole('button', {
        name: 'Supprimer',
      }),
    );
    expect(await screen.findByText('Aucune clé d’accès pour le moment.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('adds one after the name and the password; a cancelled ceremony reads as a French sentence', async () => {
    const calls = mockApi({
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
      'GET /api/user/cles-acces': reply(PasskeyListSchema, []),
      'POST /api/user/cles-acces/options': reply(WebauthnOptionsSchema, { challenge: 'abc' }),
    });
    startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    renderApp('/app/account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une clé d’accès' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une clé d’accès' });
    await user.type(within(dialog).getByLabelText(/Nom de la clé/), 'Ordinateur');
    await user.type(within(dialog).getByLabelText(/Mot de passe actuel/), 'mot-de-passe');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('la demande a été annulée');
    const options = calls.find((c) => c.path === '/api/user/cles-acces/options');
    expect(JSON.parse(options!.body!)).toEqual({ motDePasse: 'mot-de-passe' });
    await waitFor(() =>
      expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } }),
    );
  });

  it('shows the recovery codes the first passkey comes with, once, before closing', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${i}K`);
    mockApi({
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
      'GET /api/user/cles-acces': reply(PasskeyListSchema, []),
      'POST /api/user/cles-acces/options': reply(WebauthnOptionsSchema, { challenge: 'abc' }),
      'POST /api/user/cles-acces': reply(PasskeyAddedSchema, {
        id: 1,
        nom: 'Téléphone',
        creation: '2026-11-28T10:00:00.000Z',
        derniereUtilisation: null,
        codesSecours: codes,
      }),
    });
    startRegistration.mockResolvedValueOnce({ id: 'x' });
    renderApp('/app/account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une clé d’accès' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une clé d’accès' });
    await user.type(within(dialog).getByLabelText(/Nom de la clé/), 'Téléphone');
    await user.type(within(dialog).getByLabelText(/Mot de passe actuel/), 'mot-de-passe');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(await within(dialog).findByText(/notez-les maintenant/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('ABCDE-FGH9K');
    await user.click(within(dialog).getByRole('button', { name: 'J’ai noté mes codes' }));
    await waitFor(() => expect(screen.queryByText(/notez-les maintenant/)).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  });
});
