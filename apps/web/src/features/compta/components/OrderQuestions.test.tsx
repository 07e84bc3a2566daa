/**
 * What the order page asks before an action (issue 20): the window says what will happen to this order
 * (the credit note's amount, the credit it leaves, what the lodge's credit settles) and its button says
 * what it does, never « Ok » or « Confirmer ».
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, OrderDetailSchema, pathTo, type OrderDetail } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

/** An issued invoice of 210 €, 90 € of it paid, with 120 € of credit on the lodge's account. */
const INVOICE: OrderDetail = {
  id: 8,
  type: 'L',
  etat: 'FE',
  entite: { id: 3, code: 'CHEV', nom: 'Les Chevaliers du Rhône' },
  annee: 2026,
  tranche: null,
  objet: 'Location de la salle des agapes',
  numeroDevis: null,
  numeroFacture: 'FA-2026-0002',
  numeroAvoir: null,
  dateFacture: '2026-09-17',
  dateEcheance: '2026-10-17',
  total: 21000,
  paye: 9000,
  enRetard: true,
  niveauRelance: 1,
  creeLe: '2026-09-17T08:00:00Z',
  lignes: [
    { libelle: 'Salle des agapes', quantite: 5, prixUnitaire: 3000, montant: 15000, reservationId: null },
    { libelle: 'Ménage', quantite: 1, prixUnitaire: 6000, montant: 6000, reservationId: null },
  ],
  credite: 0,
  du: 12000,
  paiements: [],
  relances: [],
  dateDevis: null,
  dateAvoir: null,
  motifAnnulation: null,
  historique: [],
  actions: ['READ', 'FACTURE_CANCELLED', 'USE_CREDIT', 'SEND_FACTURE', 'DOWNLOAD_FACTURE'],
  avoirs: [],
  creditable: 21000,
  creditEntite: 20000,
  indisponibles: [],
};

const infos = pathTo(API.compta.infos, { id: 8 });
const put = (action: string) => `PUT ${API.compta.order}?action=${action}`;

describe('the questions of the order page', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cancelling an issued invoice part paid says the credit note and the credit it leaves', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      [`GET ${infos}`]: reply(OrderDetailSchema, INVOICE),
      [put('FACTURE_CANCELLED')]: reply(OrderDetailSchema, { ...INVOICE, etat: 'FA', du: 0 }),
    });
    renderApp('/app/compta/commandes/8');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Annuler la facture' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la facture' });
    expect(dialog).toHaveTextContent(
      /La facture FA-2026-0002 sera annulée par un avoir numéroté de 210,00\s€ ; 90,00\s€ déjà payés seront portés au crédit de la loge\./,
    );
    expect(within(dialog).queryByRole('button', { name: 'Confirmer' })).not.toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Motif (facultatif)' }),
      'Erreur de salle',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler la facture' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      id: 8,
      motif: 'Erreur de salle',
    });
  });

  it('using the lodge’s credit says how much it settles, and the button carries the amount', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      [`GET ${infos}`]: reply(OrderDetailSchema, INVOICE),
      [put('USE_CREDIT')]: reply(OrderDetailSchema, { ...INVOICE, du: 0, creditEntite: 8000 }),
    });
    renderApp('/app/compta/commandes/8');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Imputer le crédit de la loge' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Imputer le crédit de la loge' });
    expect(dialog).toHaveTextContent(
      /Le crédit de la loge \(200,00\s€\) réglera 120,00\s€ des 120,00\s€ dus sur cette facture\./,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /^Imputer 120,00\s€$/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.path).toBe(`${API.compta.order}?action=USE_CREDIT`);
  });

  it('sending an issued invoice again says it is sent again, not issued', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      [`GET ${infos}`]: reply(OrderDetailSchema, INVOICE),
      [put('SEND_FACTURE')]: reply(OrderDetailSchema, INVOICE),
    });
    renderApp('/app/compta/commandes/8');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Renvoyer la facture par e-mail' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renvoyer la facture par e-mail' });
    expect(dialog).toHaveTextContent('La facture FA-2026-0002 sera envoyée de nouveau en PDF');
    expect(dialog).not.toHaveTextContent('numéro définitif');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Renvoyer la facture' }));
    expect(await screen.findByText('La facture est envoyée de nouveau par e-mail.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
