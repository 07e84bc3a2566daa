import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Account, AccountSchema, SecondFactorStatusSchema, SessionListSchema } from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const ACCOUNT: Account = {
  id: 7,
  identifiant: 'membre',
  nom: 'Membre',
  prenom: 'Marie',
  email: 'membre@exemple.fr',
  telephone: '04 78 00 00 00',
  notificationRestauration: true,
  notificationDocuments: false,
  notificationMessages: true,
};

/** The « Second facteur » and « Mes sessions » panels' calls (issue 22). */
const SECOND_FACTOR = {
  'GET /api/user/second-facteur': reply(SecondFactorStatusSchema, {
    totp: false,
    codesSecoursRestants: 0,
    obligatoire: false,
    avant: null,
  }),
  'GET /api/user/sessions': reply(SessionListSchema, []),
};

describe('account page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInAs(['USER']);
    document.cookie = 'XSRF-TOKEN=x; path=/';
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the identity and the two notification preferences', async () => {
    mockApi({ ...SECOND_FACTOR, 'GET /api/user/compte': reply(AccountSchema, ACCOUNT) });
    renderApp('/app/account');
    expect(await screen.findByText('membre')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('membre@exemple.fr');
    expect(screen.getByRole('switch', { name: /Restauration/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Documents/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Messages/ })).toBeChecked();
  });

  it("switching a preference sends '1' or '0'", async () => {
    const calls = mockApi({
      ...SECOND_FACTOR,
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
      'PATCH /api/user/notification/documents': reply(AccountSchema, {
        ...ACCOUNT,
        notificationDocuments: true,
      }),
    });
    renderApp('/app/account');
    await userEvent.click(await screen.findByRole('switch', { name: /Documents/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Documents/ })).toBeChecked());
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toBe('{"data":"1"}');
    expect(patch.headers['X-XSRF-TOKEN']).toBe('x');
  });

  it('changes the password with the current one, and shows the server refusal', async () => {
    const calls = mockApi({
      ...SECOND_FACTOR,
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
      'POST /api/user/password': failure(412, {
        status: 412,
        error: 'x',
        message: 'Le mot de passe actuel est incorrect.',
      }),
    });
    renderApp('/app/account');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Mot de passe actuel/), 'ancien');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Nouveau-mot-2026');
    const submit = screen.getByRole('button', { name: 'Changer le mot de passe' });
    // A disabled submit says why, visibly and to screen readers.
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Confirmez le nouveau mot de passe à l’identique.');
    await user.type(screen.getByLabelText(/^Confirmation du nouveau/), 'Nouveau-mot-2026');
    await user.click(submit);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Le mot de passe actuel est incorrect.');
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      actuel: 'ancien',
      data: 'Nouveau-mot-2026',
    });
  });

  it('saves a new e-mail address', async () => {
    const calls = mockApi({
      ...SECOND_FACTOR,
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
      'PATCH /api/user/email': reply(AccountSchema, { ...ACCOUNT, email: 'marie@exemple.fr' }),
    });
    renderApp('/app/account');
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Adresse e-mail' });
    await user.clear(input);
    await user.type(input, 'marie@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Enregistrer : Adresse e-mail' }));
    expect(await screen.findByText('Votre adresse e-mail a été modifiée.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toBe('{"data":"marie@exemple.fr"}');
  });
});
