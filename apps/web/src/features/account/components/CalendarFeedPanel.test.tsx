import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Account,
  AccountSchema,
  type CalendarFeedState,
  CalendarFeedStateSchema,
} from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

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
const URL_1 = 'https://intranet.exemple.fr/api/calendrier/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const URL_2 = 'https://intranet.exemple.fr/api/calendrier/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
const created = (url: string): CalendarFeedState => ({
  actif: true,
  creeLe: '2026-03-03T13:05:00.000Z',
  gestion: false,
  adresses: { personnel: url, batiment: null, salles: [] },
});

describe('account page, « Agenda » card', () => {
  beforeEach(() => {
    signInAs(['USER']);
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('creates the address, shows it with a copy button, and renews it only after a confirmation', async () => {
    let posts = 0;
    const calls = mockApi({
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
      'GET /api/user/calendrier': reply(CalendarFeedStateSchema, {
        actif: false,
        creeLe: null,
        gestion: false,
        adresses: null,
      } satisfies CalendarFeedState),
      'POST /api/user/calendrier': () =>
        reply(CalendarFeedStateSchema, created(++posts === 1 ? URL_1 : URL_2)),
    });
    renderApp('/app/account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Créer mon adresse d’agenda' }));
    const field = await screen.findByRole('textbox', { name: 'Réservations de mes loges' });
    expect(field).toHaveValue(URL_1);
    expect(
      screen.getByRole('button', { name: 'Copier l’adresse : Réservations de mes loges' }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Renouveler l’adresse' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('cessera aussitôt de fonctionner');
    await user.click(within(dialog).getByRole('button', { name: /Annuler/ }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Renouveler l’adresse' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renouveler l’adresse' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Réservations de mes loges' })).toHaveValue(URL_2),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('says when the address exists but can no longer be shown', async () => {
    mockApi({
      'GET /api/user/compte': reply(AccountSchema, ACCOUNT),
      'GET /api/user/calendrier': reply(CalendarFeedStateSchema, { ...created(URL_1), adresses: null }),
    });
    renderApp('/app/account');
    expect(await screen.findByText(/Elle n’est affichée qu’à sa création/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Réservations de mes loges' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Renouveler l’adresse' })).toBeVisible();
  });
});
