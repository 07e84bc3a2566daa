import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Room, RoomListSchema, RoomSchema } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const HIRAM: Room = {
  id: 1,
  nom: 'Temple Hiram',
  capacite: 120,
  couleur: '#1c7ed6',
  tarifHoraire: 4550,
  active: true,
};

describe('rooms', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists rooms with their rate in euros, and saves an edit in cents', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/parametres/salles': reply(RoomListSchema, [
        HIRAM,
        { ...HIRAM, id: 2, nom: 'Salle Voltaire', active: false },
      ]),
      'PUT /api/parametres/salles': (call) => reply(RoomSchema, JSON.parse(call.body!)),
    });
    renderApp('/app/admin/salles');
    expect(await screen.findByText('Temple Hiram', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByText(/45,50\s€/)).toHaveLength(2);
    expect(screen.getByText('Retirée')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Modifier la salle Temple Hiram' }));
    const rate = await screen.findByLabelText(/Tarif horaire/);
    await userEvent.clear(rate);
    await userEvent.type(rate, '50,25');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      id: 1,
      nom: 'Temple Hiram',
      capacite: 120,
      couleur: '#1c7ed6',
      tarifHoraire: 5025,
      active: true,
    });
  });
});
