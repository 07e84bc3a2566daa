import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../test/utils';
import { ApiError } from '../lib/api-client';
import { registerNavigate } from '../lib/navigation';
import { getSession } from '../lib/session';
import { handleApiError } from '../components/error-handler';
import { Providers } from './Providers';

describe('global error modal', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    registerNavigate(navigate);
    render(<Providers>{null}</Providers>);
  });
  afterEach(() => {
    navigate.mockReset();
    vi.restoreAllMocks();
  });

  it('412 shows "Erreur de saisie", the server message and the details as a list', async () => {
    handleApiError(
      new ApiError(412, { message: 'La salle est déjà réservée.', details: ['Salle Hiram, 19:00'] }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Erreur de saisie');
    expect(dialog).toHaveTextContent('La salle est déjà réservée.');
    expect(screen.getByRole('listitem')).toHaveTextContent('Salle Hiram, 19:00');
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('401: Ok clears the session and goes to /', async () => {
    signInAs(['USER']);
    handleApiError(new ApiError(401, {}));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Non autorisé');
    expect(dialog).toHaveTextContent('veuillez vous connecter');
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('403: Ok goes to / and keeps the session', async () => {
    signInAs(['USER']);
    handleApiError(new ApiError(403, {}));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      "Vous n'êtes pas autorisé à accéder à ce contenu.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(navigate).toHaveBeenCalledWith('/');
    expect(getSession()).not.toBeNull();
  });

  it.each([
    [0, 'Échec de connexion'],
    [400, 'Mauvaise requête'],
    [404, 'Contenu inexistant'],
    [500, 'Erreur serveur'],
    [503, 'Serveur inaccessible'],
    [504, 'Délais trop long'],
    [507, 'Erreur serveur'],
  ])('status %i shows "%s" with only Ok', async (status, title) => {
    handleApiError(new ApiError(status, {}));
    expect(await screen.findByRole('dialog')).toHaveTextContent(title);
    expect(screen.queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is static: Escape does not close it', async () => {
    handleApiError(new ApiError(500, {}));
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
  });

  it('shows one modal when several calls fail the same way, and none for invalid_grant', async () => {
    handleApiError(new ApiError(400, { error: 'invalid_grant' }));
    handleApiError(new ApiError(401, {}));
    handleApiError(new ApiError(401, {}));
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
  });

  it('logs every error', () => {
    const error = new ApiError(404, {});
    handleApiError(error);
    expect(console.error).toHaveBeenCalledWith(error);
  });
});
