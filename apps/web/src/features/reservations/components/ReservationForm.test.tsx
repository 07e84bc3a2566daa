import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Room } from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../../../../test/utils';
import { Providers } from '../../../app/Providers';
import { PlanningEntryForm } from './PlanningEntryForm';
import { ReservationForm } from './ReservationForm';

const ROOMS: Room[] = [
  { id: 1, nom: 'Temple Hiram', capacite: 120, couleur: '#1c7ed6', tarifHoraire: 4500, active: true },
];
const ENTITIES = [{ id: 5, nom: 'Les Chevaliers du Rhône' }];

describe('reservation and planning forms', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInAs(['USER', 'PLANNING']);
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says why the request cannot leave yet, then checks it with the contract before sending', async () => {
    const calls = mockApi({});
    const user = userEvent.setup();
    render(
      <Providers>
        <ReservationForm
          target={{
            reservation: null,
            // A start off the half-hour grid, as no select offers it: only the contract can say so.
            initial: { idSalle: 1, date: '2099-12-08', heureDebut: '10:15', heureFin: '11:30' },
          }}
          rooms={ROOMS}
          entities={ENTITIES}
          gestion={false}
          onClose={() => {}}
        />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Demander une salle' });
    const send = within(dialog).getByRole('button', { name: 'Envoyer la demande' });
    // Disabled, and the reason is visible and read with the button.
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('À compléter : le libellé.');
    expect(within(dialog).getByText('À compléter : le libellé.')).toBeVisible();

    await user.type(within(dialog).getByRole('textbox', { name: /^Libellé/ }), 'Tenue au 1er degré');
    expect(send).toBeEnabled();
    expect(send).not.toHaveAccessibleDescription();
    await user.click(send);
    // The contract's message under the field, which takes the focus; nothing was sent.
    expect(
      await within(dialog).findByText(
        "L'heure doit être sur la demi-heure, au format HH:MM (exemple : 19:30).",
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Heure de début/ })).toHaveFocus(),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('the annual planning form names what is missing under its disabled submit', async () => {
    mockApi({});
    const user = userEvent.setup();
    render(
      <Providers>
        <PlanningEntryForm
          target={{ annee: 2099, entry: null }}
          rooms={ROOMS}
          entities={ENTITIES}
          saving={false}
          onSave={() => {}}
          onClose={() => {}}
        />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une tenue régulière' });
    const save = within(dialog).getByRole('button', { name: 'Enregistrer et planifier' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('À compléter : la loge ou association, la salle.');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Libellé/ }));
    expect(save).toHaveAccessibleDescription('À compléter : la loge ou association, la salle, le libellé.');
  });
});
