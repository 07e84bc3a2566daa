import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OutboxEmail, OutboxListSchema } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';
import { pickedDay } from '../../../lib/dates';

const EMAIL: OutboxEmail = {
  id: 1,
  destinataire: 'paul@exemple.fr',
  sujet: 'Réinitialisation de votre mot de passe',
  texte: 'Bonjour,\nSuivez ce lien : http://localhost/reinitialiser-mdp?jeton=abc',
  statut: 'P',
  tentatives: 0,
  erreur: null,
  creeLe: '2026-03-03T09:15:00.000Z',
  envoyeLe: null,
};

/** Opens the date field's calendar, clicks its first day so named, and waits for the calendar to go. */
async function pickDay(field: string, day: RegExp) {
  await userEvent.click(screen.getByRole('button', { name: field }));
  await userEvent.click((await screen.findAllByRole('button', { name: day, hidden: true }))[0]!);
  await waitFor(() => expect(screen.queryAllByRole('button', { name: day, hidden: true })).toEqual([]));
}

describe('e-mail outbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when the outbox is empty', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({ 'GET /api/admin/emails': reply(OutboxListSchema, []) });
    renderApp('/app/admin/emails');
    expect(await screen.findByText("Aucun e-mail dans la boîte d'envoi.")).toBeInTheDocument();
  });

  it('lists date, recipient, subject, French status and attempts, and opens the text on click', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/admin/emails': reply(OutboxListSchema, [
        EMAIL,
        { ...EMAIL, id: 2, statut: 'X', tentatives: 5, erreur: 'Refusé' },
      ]),
    });
    renderApp('/app/admin/emails');
    const [row] = await screen.findAllByRole('row', { name: /Lire l'e-mail « Réinitialisation/ });
    if (!row) throw new Error('no row');
    expect(within(row).getByText('paul@exemple.fr')).toBeInTheDocument();
    expect(within(row).getByText('En attente')).toBeInTheDocument();
    expect(within(row).getByText(/^03\/03\/2026 à \d\d:15$/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Échec')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '5' })).toBeInTheDocument();
    expect(calls[0]!.headers.Authorization).toBe('Bearer test-token');

    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Réinitialisation de votre mot de passe');
    expect(dialog).toHaveTextContent('reinitialiser-mdp?jeton=abc');
  });

  it('makes the links of a message clickable', async () => {
    signInAs(['USER', 'ADMIN']);
    mockApi({ 'GET /api/admin/emails': reply(OutboxListSchema, [EMAIL]) });
    renderApp('/app/admin/emails');
    const [row] = await screen.findAllByRole('row', { name: /Lire l'e-mail/ });
    await userEvent.click(row!);
    const link = await within(await screen.findByRole('dialog')).findByRole('link', {
      name: 'http://localhost/reinitialiser-mdp?jeton=abc',
    });
    expect(link).toHaveAttribute('href', 'http://localhost/reinitialiser-mdp?jeton=abc');
  });

  it('asks the server for the recipient and the state chosen, and checks the days before asking', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/admin/emails': reply(OutboxListSchema, [EMAIL]),
      'GET /api/admin/emails?destinataire=paul': reply(OutboxListSchema, [EMAIL]),
      'GET /api/admin/emails?destinataire=paul&statut=X': reply(OutboxListSchema, []),
      [`GET /api/admin/emails?destinataire=paul&statut=X&du=${pickedDay(new Date())!.slice(0, 8)}05`]: reply(
        OutboxListSchema,
        [],
      ),
    });
    renderApp('/app/admin/emails');
    await screen.findAllByRole('row', { name: /Lire l'e-mail/ });
    await userEvent.type(screen.getByLabelText('Destinataire'), 'paul');
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/admin/emails?destinataire=paul'));
    await userEvent.click(screen.getByRole('textbox', { name: 'État' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Échec', hidden: true }));
    expect(await screen.findByText('Aucun e-mail ne correspond à ces critères.')).toBeInTheDocument();

    // An end before the start is said beside the field; nothing is asked. Both calendars open on this
    // month: the 5th, then the 1st (the first « 1 … » of the grid, the days before it being the 20s). The
    // calendars sit in a portal, outside what the page's queries see (as in a dialog).
    const fifth = `${pickedDay(new Date())!.slice(0, 8)}05`;
    await pickDay('Créé à partir du', /^5 /);
    await waitFor(() =>
      expect(calls.at(-1)!.path).toBe(`/api/admin/emails?destinataire=paul&statut=X&du=${fifth}`),
    );
    const asked = calls.length;
    await pickDay("Créé jusqu'au", /^1 /);
    expect(await screen.findByText('La date de début doit précéder la date de fin.')).toBeInTheDocument();
    expect(calls.slice(asked).every((c) => !c.path.includes('au='))).toBe(true);
  }, 20_000);
});
