import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Membership } from '@union/contract';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { MembershipModal, type MembershipTarget } from './MembershipModal';

const noSearch = () => ({ data: undefined, isFetching: false });

function renderModal(target: MembershipTarget, membership: Membership | null = null) {
  const update = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers>
      <MembershipModal
        title="Appartenance"
        membership={membership}
        subject="Paul Dupont"
        target={target}
        update={update}
        saving={false}
        onClose={onClose}
      />
    </Providers>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Appartenance' }), update, onClose };
}

describe('shared membership form', { timeout: 20_000 }, () => {
  it('needs the new member’s names and e-mail, then sends them with the flags and closes', async () => {
    const add = vi.fn((_body: unknown, options: { onSuccess: () => void }) => options.onSuccess());
    const { dialog, onClose } = renderModal({
      kind: 'member',
      useUserSearch: noSearch,
      searchPlaceholder: 'Nom',
      invitationNote: 'Invitation envoyée.',
      add,
    });
    await userEvent.click(within(dialog).getByText('Nouveau membre'));
    expect(within(dialog).getByText('Invitation envoyée.')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Enregistrer' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Rousseau');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Agathe');
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'agathe@exemple.fr');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Gestion' }));
    await userEvent.click(save);
    expect(add.mock.calls[0]![0]).toEqual({
      nouveau: { nom: 'Rousseau', prenom: 'Agathe', email: 'agathe@exemple.fr', telephone: null },
      fonction: null,
      debut: null,
      fin: null,
      gestion: true,
      reservation: false,
      restauration: false,
      carteLoge: false,
    });
    expect(
      await screen.findByText('Membre créé : une invitation a été envoyée à agathe@exemple.fr.'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the chosen person’s e-mail with their number, as the server asks of a lodge manager', async () => {
    const add = vi.fn((_body: unknown, options: { onSuccess: () => void }) => options.onSuccess());
    const found = {
      data: { lignes: [{ id: 42, nom: 'Lefort', prenom: 'Paul', email: 'paul.lefort@ailleurs.fr' }] },
      isFetching: false,
    };
    const { dialog } = renderModal({
      kind: 'member',
      useUserSearch: (texte) => (texte ? found : noSearch()),
      searchPlaceholder: 'Nom ou e-mail',
      invitationNote: 'Invitation envoyée.',
      add,
    });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Utilisateur' }),
      'paul.lefort@ailleurs.fr',
    );
    await userEvent.click(await screen.findByRole('option', { name: /Paul Lefort/, hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(add.mock.calls[0]![0]).toMatchObject({ userId: 42, email: 'paul.lefort@ailleurs.fr' });
  });

  it('edits a membership with French, Monday-first date pickers and refuses an end before the start', async () => {
    const membership = {
      id: 5,
      fonction: 'Orateur',
      debut: '2020-09-01',
      fin: '2020-09-10',
      gestion: false,
      reservation: true,
      restauration: false,
      carteLoge: false,
    } as Membership;
    const { dialog, update } = renderModal({ kind: 'entity', entities: [], add: vi.fn() }, membership);
    expect(within(dialog).getByText('Paul Dupont')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Début' })).toHaveTextContent('1er septembre 2020');
    expect(within(dialog).getByRole('button', { name: 'Fin' })).toHaveTextContent('10 septembre 2020');

    // The end's picker opens on the membership's month, Monday first, days before the start disabled.
    // (The picker's dropdown sits outside the modal, which hides the rest of the page from queries.)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fin' }));
    expect(await screen.findByText('septembre 2020')).toBeInTheDocument();
    const weekdays = screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);
    expect(weekdays[0]).toMatch(/^lu/);
    expect(weekdays[6]).toMatch(/^di/);
    expect(screen.getByRole('button', { name: '31 août 2020', hidden: true })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('septembre 2020')).not.toBeInTheDocument());

    // A start moved after the end is refused until the end is cleared.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Début' }));
    await userEvent.click(await screen.findByRole('button', { name: '15 septembre 2020', hidden: true }));
    expect(within(dialog).getByText('La fin doit suivre le début.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Effacer la date de fin' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Fonction' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Fonction' }), 'Secrétaire');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(update.mock.calls[0]![0]).toMatchObject({
      id: 5,
      fonction: 'Secrétaire',
      debut: '2020-09-15',
      fin: null,
      reservation: true,
    });
  });
});
