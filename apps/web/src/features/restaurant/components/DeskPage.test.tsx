/**
 * The card desk (issue 21): a bar sale recorded on a card says so in French (« Vente au bar … enregistrée »),
 * with the new balance, and its receipt is downloaded.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import {
  API,
  DeskCardListSchema,
  DeskMovementSchema,
  pathTo,
  TillSessionDetailSchema,
  TillSessionListSchema,
  type TillSessionDetail,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const REMI = { id: 3, nom: 'Fourneau', prenom: 'Rémi' };
const SESSION: TillSessionDetail = {
  id: 1,
  caisse: 'B',
  ouverture: '2026-11-26T09:44:00.000Z',
  ouvertPar: REMI,
  fondInitial: 5000,
  especes: 0,
  cheques: 0,
  nombreCheques: 0,
  ventes: 0,
  attendu: 5000,
  cloture: null,
  cloturePar: null,
  compte: null,
  ecart: null,
  motif: null,
  mouvements: [],
  gestion: true,
};
const { mouvements: _m, gestion: _g, ...LISTED } = SESSION;

describe('the card desk', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a bar sale is « enregistrée » (feminine), with the new balance, and its receipt downloaded', async () => {
    signInAs(['USER', 'MENUS']);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:recu'), revokeObjectURL: vi.fn() });
    const calls = mockApi({
      [`GET ${pathTo(API.desk.sessions, {}, { ouvertes: true })}`]: reply(TillSessionListSchema, [LISTED]),
      [`GET ${API.desk.sessions}`]: reply(TillSessionListSchema, [LISTED]),
      [`GET ${pathTo(API.desk.session, { id: 1 })}`]: reply(TillSessionDetailSchema, SESSION),
      [`GET ${pathTo(API.desk.cards, {}, { q: 'Paul' })}`]: reply(DeskCardListSchema, [
        { idUser: 9, idEntite: null, titulaire: 'Paul Voisin', solde: 2000 },
      ]),
      [`POST ${pathTo(API.desk.movements, { id: 1 })}`]: reply(DeskMovementSchema, {
        id: 3,
        date: '2026-11-26T09:50:00.000Z',
        type: 'V',
        montant: -400,
        moyen: null,
        reference: null,
        libelle: 'Vente : Verre de Beaujolais',
        titulaire: 'Paul Voisin',
        auteur: REMI,
        soldeApres: 1600,
      }),
      // The receipt is a file, not an answer of the contract: no schema to check it by.
      [`GET ${pathTo(API.desk.receipt, { id: 3 })}`]: { status: 200, body: 'PDF', checked: true },
    });
    renderApp('/app/restauration/caisse');
    const form = await screen.findByRole(
      'form',
      { name: 'Créditer ou débiter une carte' },
      { timeout: 5000 },
    );
    fireEvent.change(within(form).getByLabelText('Carte de'), { target: { value: 'Paul' } });
    fireEvent.click(
      await within(form).findByRole('radio', { name: /Paul Voisin – solde 20,00/ }, { timeout: 5000 }),
    );
    fireEvent.click(within(form).getByText('Vente au bar'));
    fireEvent.change(within(form).getByLabelText(/Montant/), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText(/Article vendu/), {
      target: { value: 'Verre de Beaujolais' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Débiter la carte' }));
    expect(
      await screen.findByText(
        /^Vente au bar de 4,00\s€ enregistrée pour Paul Voisin : nouveau solde 16,00\s€\.$/,
        undefined,
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(sent.body!)).toMatchObject({ type: 'V', idUser: 9, montant: 400 });
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === pathTo(API.desk.receipt, { id: 3 }))).toBe(true),
    );
  }, 20_000);
});
