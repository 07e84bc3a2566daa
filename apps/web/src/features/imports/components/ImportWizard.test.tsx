import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportReport } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/query-client';
import { sendMembersFile } from '../api/import-members';
import { ImportWizard } from './ImportWizard';

// The upload itself (XMLHttpRequest with progress) is replaced: these tests are about the steps.
vi.mock('../api/import-members', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  const sendMembersFile = vi.fn();
  return {
    sendMembersFile,
    useImportMembers: () => useMutation({ mutationFn: sendMembersFile }),
  };
});
const send = vi.mocked(sendMembersFile);

const report = (dryRun: boolean): ImportReport => ({
  dryRun,
  entite: { id: 1, nom: 'Les Chevaliers du Rhône' },
  fichier: { nom: 'membres.csv', format: 'csv', encodage: 'Windows-1252', separateur: ';' },
  colonnesIgnorees: ['Grade'],
  total: 3,
  creations: 1,
  misesAJour: 1,
  inchangees: 0,
  rejets: 1,
  lignes: [
    {
      ligne: 2,
      nom: 'Lefèvre',
      prenom: 'Hélène',
      email: 'helene@exemple.fr',
      telephone: null,
      fonction: 'Secrétaire',
      action: 'creation',
      motif: null,
      identifiant: 'helene.lefevre',
    },
    {
      ligne: 3,
      nom: 'Durand',
      prenom: 'Paul',
      email: 'paul@exemple.fr',
      telephone: null,
      fonction: 'Trésorier',
      action: 'mise_a_jour',
      motif: 'Fonction : Membre → Trésorier',
      identifiant: 'paul.durand',
    },
    {
      ligne: 4,
      nom: 'Faux',
      prenom: 'Courriel',
      email: 'pas-une-adresse',
      telephone: null,
      fonction: null,
      action: 'rejet',
      motif: 'Adresse e-mail invalide « pas-une-adresse ».',
      identifiant: null,
    },
  ],
});

/** The wizard alone, with the app's providers (theme, modals, toasts, queries). */
const renderWithProviders = (ui: ReactNode) =>
  render(<Providers queryClient={createQueryClient()}>{ui}</Providers>);

const csv = () => new File(['Nom;Prénom;E-mail\n'], 'membres.csv', { type: 'text/csv' });

describe('ImportWizard', () => {
  afterEach(() => send.mockReset());

  it('previews the file, confirms, imports it and shows the report', async () => {
    send.mockImplementation(async ({ dryRun, onProgress }) => {
      onProgress?.(100);
      return report(dryRun);
    });
    const onImported = vi.fn();
    renderWithProviders(
      <ImportWizard entite={{ id: 1, nom: 'Les Chevaliers du Rhône' }} onImported={onImported} />,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, csv());

    expect(await screen.findByText(/CSV, Windows-1252, séparateur « ; », 3 lignes/)).toBeInTheDocument();
    expect(send.mock.lastCall?.[0]).toMatchObject({ idEntite: 1, dryRun: true });
    expect(screen.getByLabelText('À créer : 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Rejetée : 1')).toBeInTheDocument();
    expect(screen.getByText('Grade')).toBeInTheDocument();
    // Rejected rows come first, with their reason.
    expect(screen.getByText('Adresse e-mail invalide « pas-une-adresse ».')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Importer 2 membres' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 compte créé, avec une invitation par e-mail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));

    expect(await screen.findByText('Import terminé')).toBeInTheDocument();
    expect(send.mock.lastCall?.[0]).toMatchObject({ idEntite: 1, dryRun: false });
    expect(screen.getByLabelText('Créés : 1')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ dryRun: false }));
  });

  it('imports nothing when the preview is cancelled', async () => {
    send.mockImplementation(async ({ dryRun }) => report(dryRun));
    renderWithProviders(<ImportWizard entite={{ id: 1, nom: 'Les Chevaliers du Rhône' }} />);
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, csv());
    await userEvent.click(await screen.findByRole('button', { name: 'Importer 2 membres' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    expect(send).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Changer de fichier' }));
    expect(screen.getByText('Déposez le fichier ici ou cliquez pour le choisir')).toBeInTheDocument();
  });

  it('offers no import when there is nothing to create or update', async () => {
    send.mockResolvedValue({
      ...report(true),
      creations: 0,
      misesAJour: 0,
      lignes: report(true).lignes.slice(2),
    });
    renderWithProviders(<ImportWizard entite={{ id: 1, nom: 'Les Chevaliers du Rhône' }} />);
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, csv());
    expect(await screen.findByRole('button', { name: 'Rien à importer' })).toBeDisabled();
  });
});
