import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/Providers';
import { registerNavigate } from '../lib/navigation';
import { openDialog } from './dialog';

describe('confirmation dialog', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    registerNavigate(navigate);
    render(<Providers>{null}</Providers>);
  });
  afterEach(() => navigate.mockReset());

  it('a question offers its named action and Annuler, and answers cancel', async () => {
    const answer = openDialog({
      type: 'question',
      title: 'Supprimer ?',
      text: 'La réservation sera supprimée.',
      okLabel: 'Supprimer la réservation',
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Supprimer ?');
    expect(screen.getByRole('button', { name: 'Supprimer la réservation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
    // The harmless answer has the focus, so Enter pressed twice deletes nothing.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await expect(answer).resolves.toBe('cancel');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('other types offer only Ok, show details, and Ok follows the redirection', async () => {
    const answer = openDialog({
      type: 'success',
      title: 'Enregistré',
      text: 'Les dates sont créées.',
      details: ['3 mars', '10 mars'],
      redirection: '/app/reservations',
    });
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ok' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['3 mars', '10 mars']);
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await expect(answer).resolves.toBe('ok');
    expect(navigate).toHaveBeenCalledWith('/app/reservations');
  });

  it('gives the focus back to the element that opened it, or to the heading when that element is gone', async () => {
    const page = document.createElement('main');
    page.innerHTML = '<h2>Utilisateurs</h2><button type="button">Désactiver</button>';
    document.body.append(page);
    const opener = page.querySelector('button')!;
    opener.focus();
    const first = openDialog({
      type: 'question',
      title: 'Désactiver ?',
      text: 'Le compte sera désactivé.',
      okLabel: 'Désactiver',
    });
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await first;
    await waitFor(() => expect(opener).toHaveFocus());

    // The answer removed the opener (a deleted row): the page's heading takes the focus.
    const second = openDialog({
      type: 'question',
      title: 'Supprimer ?',
      text: 'La ligne sera supprimée.',
      okLabel: 'Supprimer la ligne',
    });
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la ligne' }));
    opener.remove();
    await second;
    await waitFor(() => expect(page.querySelector('h2')).toHaveFocus());
    page.remove();
  });
});
