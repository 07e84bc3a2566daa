import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/query-client';
import type { DocumentPublished } from '@union/contract';
import type { UploadItem } from '../../../components/useUploadQueue';
import { UploadQueueList } from './UploadQueueList';

const WARNING =
  "Le texte de ce PDF n'a pas pu être indexé : son contenu décompressé dépasse 64 Mo. " +
  'Le document est publié, mais la recherche ne le trouvera que par son titre.';

/** The server's answer to one published file, as the contract types it. */
const published = (id: number, titre: string, avertissement?: string): DocumentPublished => ({
  id,
  type: 'A',
  titre,
  date: '2026-11-26',
  idEntite: 2,
  entite: 'Loge La Concorde',
  audience: 'ENTITE',
  idReservation: null,
  nomFichier: `${titre}.pdf`,
  typeFichier: 'application/pdf',
  taille: 1,
  diffusion: 'N',
  publieLe: '2026-11-26T10:00:00.000Z',
  actions: [],
  compteurs: null,
  ...(avertissement ? { avertissement } : {}),
});

const sent = (id: number, name: string, response: DocumentPublished): UploadItem<DocumentPublished> => ({
  id,
  file: new File(['x'], name),
  name,
  size: 1,
  type: 'application/pdf',
  progress: 100,
  state: 'success',
  response,
});

describe('UploadQueueList', () => {
  it("shows the server's warning under a document published without searchable text, and only there", () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <MemoryRouter>
          <UploadQueueList
            items={[
              sent(1, 'bombe.pdf', published(7, 'Bombe', WARNING)),
              sent(2, 'compte-rendu.pdf', published(8, 'Compte rendu')),
            ]}
            onCancel={() => undefined}
            onRemove={() => undefined}
          />
        </MemoryRouter>
      </Providers>,
    );
    const warnings = screen.getAllByRole('status');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toHaveTextContent(WARNING);
    expect(screen.getByRole('link', { name: 'Ouvrir « Bombe »' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir « Compte rendu »' })).toBeInTheDocument();
  });
});
