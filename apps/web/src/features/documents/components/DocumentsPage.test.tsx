import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Document, type DocumentList, DocumentListSchema, EntityListSchema } from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const DOC: Document = {
  id: 12,
  type: 'V',
  titre: 'Convocation à la tenue du 3 mars',
  date: '2026-03-03',
  idEntite: 2,
  entite: 'Les Chevaliers du Rhône',
  audience: 'ENTITE',
  idReservation: null,
  nomFichier: 'convocation.pdf',
  typeFichier: 'application/pdf',
  taille: 1536,
  diffusion: 'N',
  publieLe: '2026-03-01T10:00:00.000Z',
  actions: ['READ'],
};
const list = (over: Partial<DocumentList> = {}): DocumentList => ({
  total: 1,
  documents: [DOC],
  publication: [],
  tailleMax: 20 * 1024 * 1024,
  ...over,
});

describe('document library', () => {
  beforeEach(() => {
    signInAs(['USER', 'DOCUMENTS_LECTURE']);
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the documents with type badge, entity, date and size; a reader gets no publish button', async () => {
    mockApi({
      'GET /api/document/all?page=1&parPage=50': reply(DocumentListSchema, list()),
      'GET /api/entite/all': reply(EntityListSchema, []),
    });
    renderApp('/app/doc');
    expect(await screen.findByRole('link', { name: DOC.titre })).toHaveAttribute('href', '/app/doc/12');
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Convocation')).toBeInTheDocument();
    expect(screen.getByText('Les Chevaliers du Rhône · 03/03/2026 · PDF, 1,5 Ko')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Publier un document' })).toBeNull();
  });

  it('searches the words typed and says when nothing matches', async () => {
    const calls = mockApi({
      'GET /api/document/all?page=1&parPage=50': reply(
        DocumentListSchema,
        list({ publication: [{ id: 2, nom: 'LCR', bureau: false }] }),
      ),
      'GET /api/document/all?q=solsticiale&page=1&parPage=50': reply(
        DocumentListSchema,
        list({ total: 0, documents: [] }),
      ),
      'GET /api/entite/all': reply(EntityListSchema, []),
    });
    renderApp('/app/doc');
    expect(await screen.findByRole('link', { name: 'Publier un document' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: /Rechercher/ }), 'solsticiale');
    expect(
      await screen.findByText(
        'Aucun document ne contient « solsticiale ». Essayez un autre mot ou retirez des filtres.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path.includes('q=solsticiale'))).toBe(true));
  });

  it('says when nothing is published yet, and tells a publisher how to publish', async () => {
    mockApi({
      'GET /api/document/all?page=1&parPage=50': reply(
        DocumentListSchema,
        list({ total: 0, documents: [], publication: [{ id: 2, nom: 'LCR', bureau: false }] }),
      ),
      'GET /api/entite/all': reply(EntityListSchema, []),
    });
    renderApp('/app/doc');
    expect(await screen.findByText(/Aucun document n’est encore publié pour vous\./)).toHaveTextContent(
      'Pour en publier un, choisissez « Publier un document »',
    );
  });
});
