import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DocumentDetail, DocumentDetailSchema } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, reply, signInAs } from '../../../../test/utils';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/query-client';
import { EditDocumentModal } from './EditDocumentModal';

const doc: DocumentDetail = {
  id: 12,
  type: 'N',
  titre: 'Planche du solstice',
  date: '2026-06-23',
  idEntite: 5,
  entite: 'Les Chevaliers du Rhône',
  audience: 'ENTITE',
  idReservation: null,
  nomFichier: 'planche.pdf',
  typeFichier: 'application/pdf',
  taille: 1024,
  diffusion: 'N',
  publieLe: '2026-06-23T10:00:00.000Z',
  actions: ['READ', 'EDIT'],
  compteurs: null,
};

function renderModal() {
  const onClose = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <EditDocumentModal doc={doc} onClose={onClose} />
    </Providers>,
  );
  return onClose;
}

describe('EditDocumentModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a missing title under its field, focuses it and sends nothing', async () => {
    signInAs(['USER']);
    const calls = mockApi({});
    renderModal();
    const title = await screen.findByRole('textbox', { name: 'Titre' });
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(/Titre : indiquez le titre du document/);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('sends the changed metadata, the entity unchanged, and closes', async () => {
    signInAs(['USER']);
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const calls = mockApi({
      'PUT /api/document': reply(DocumentDetailSchema, { ...doc, titre: 'Planche révisée' }),
    });
    const onClose = renderModal();
    const title = await screen.findByRole('textbox', { name: 'Titre' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Planche révisée');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({
      id: 12,
      type: 'N',
      titre: 'Planche révisée',
      date: '2026-06-23',
      idEntite: 5,
      audience: 'ENTITE',
      idReservation: null,
    });
  });
});
