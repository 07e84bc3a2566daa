import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type ChequeDeposit,
  ChequeDepositSchema,
  type OrderDetail,
  OrderDetailSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { download, mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const INVOICE: OrderDetail = {
  id: 7,
  type: 'A',
  etat: 'FE',
  entite: { id: 3, code: 'CHEV', nom: 'Les Chevaliers du Rhône' },
  annee: 2026,
  tranche: 'A',
  objet: 'Cotisations 2026-2027 — 1er tiers',
  numeroDevis: null,
  numeroFacture: 'FA-2026-0012',
  numeroAvoir: null,
  dateFacture: '2026-10-01',
  dateEcheance: '2026-10-31',
  total: 92000,
  paye: 20000,
  enRetard: true,
  niveauRelance: 0,
  creeLe: '2026-10-01T08:00:00Z',
  lignes: [
    {
      libelle: 'Cotisation : 23 membres',
      quantite: 23,
      prixUnitaire: 4000,
      montant: 92000,
      reservationId: null,
    },
  ],
  credite: 0,
  du: 72000,
  paiements: [
    {
      id: 1,
      nature: 'E',
      mode: 'C',
      date: '2026-10-10',
      reference: '0004512',
      montant: 20000,
      montantTotal: 20000,
      contrePasse: false,
      motif: null,
    },
  ],
  relances: [],
  dateDevis: null,
  dateAvoir: null,
  motifAnnulation: null,
  historique: [],
  actions: ['READ', 'RELANCE_FACTURE', 'EDIT_PAYMENT', 'DOWNLOAD_FACTURE'],
  avoirs: [],
  creditable: 92000,
  creditEntite: 0,
  indisponibles: [],
};

describe('the order page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows exactly the buttons of the actions the server allows, and what remains in red', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    mockApi({ 'GET /api/compta/commande/7/infos': reply(OrderDetailSchema, INVOICE) });
    renderApp('/app/compta/commandes/7');
    expect(
      await screen.findByRole('heading', { name: 'FA-2026-0012' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer une relance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer un paiement' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler la facture' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Modifier/ })).not.toBeInTheDocument();
    expect(screen.getByText(/720,00\s€/)).toBeInTheDocument();
    expect(screen.getByText('Facture émise · en retard')).toBeInTheDocument();
  });

  it('records the deposit of the period’s cheques, then downloads its slip', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:remise'), revokeObjectURL: vi.fn() });
    const deposit: ChequeDeposit = {
      id: 5,
      date: '2026-11-20',
      du: '2026-11-01',
      au: '2026-11-20',
      total: 20000,
      ecriture: 'BQ2026-000031',
      cheques: [
        { date: '2026-10-10', tireur: 'Les Chevaliers du Rhône', reference: '0004512', montant: 20000 },
      ],
    };
    const calls = mockApi({
      'GET /api/compta/commande/7/infos': reply(OrderDetailSchema, INVOICE),
      'POST /api/compta/remises-cheques': reply(ChequeDepositSchema, deposit),
      'GET /api/compta/remises-cheques/5': download('pdf'),
    });
    renderApp('/app/compta/commandes/7');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Bordereau de remise de chèques' }, { timeout: 5000 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer la remise en banque' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/compta/remises-cheques/5')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(Object.keys(JSON.parse(post.body!))).toEqual(['du', 'au']);
    expect(
      await screen.findByText(/Remise enregistrée : 1 chèque, 200,00\s€ \(écriture BQ2026-000031\)/),
    ).toBeInTheDocument();
  });

  it('asks before a reminder, then sends the action with the order id', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      'GET /api/compta/commande/7/infos': reply(OrderDetailSchema, INVOICE),
      'PUT /api/compta/commande?action=RELANCE_FACTURE': () =>
        reply(OrderDetailSchema, {
          ...INVOICE,
          niveauRelance: 1,
          relances: [{ niveau: 1, date: '2026-11-23', auteur: 'Thierry Trésor' }],
        }),
    });
    renderApp('/app/compta/commandes/7');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Envoyer une relance' }, { timeout: 5000 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer la relance' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/compta/commande?action=RELANCE_FACTURE');
    expect(JSON.parse(put.body!)).toEqual({ id: 7 });
    expect(await screen.findByText(/Niveau 1 le 23\/11\/2026 par Thierry Trésor/)).toBeInTheDocument();
  });

  it('records a payment in cents, and says why while the amount exceeds what remains', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      'GET /api/compta/commande/7/infos': reply(OrderDetailSchema, INVOICE),
      'PUT /api/compta/commande?action=EDIT_PAYMENT': () => reply(OrderDetailSchema, INVOICE),
    });
    const user = userEvent.setup();
    renderApp('/app/compta/commandes/7');
    await user.click(
      await screen.findByRole('button', { name: 'Enregistrer un paiement' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer un paiement' });
    const save = within(dialog).getByRole('button', { name: 'Enregistrer' });
    const amount = within(dialog).getByRole('textbox', { name: 'Montant (€)' });
    expect(amount).toHaveValue('720');
    await user.clear(amount);
    await user.type(amount, '800');
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(/Le montant dépasse le reste à payer \(720,00\s€\)\./);
    await user.clear(amount);
    await user.type(amount, '100,5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Numéro du chèque' }), ' 0004513 ');
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toMatchObject({
      id: 7,
      paiement: { mode: 'C', reference: '0004513', montant: 10050 },
    });
    expect(await screen.findByText('Le paiement est enregistré.')).toBeInTheDocument();
  });

  it('edits the lines of a draft, checked with the contract before anything is sent', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const DRAFT: OrderDetail = {
      ...INVOICE,
      etat: 'FP',
      numeroFacture: null,
      paye: 0,
      enRetard: false,
      paiements: [],
      actions: ['READ', 'EDIT_FACTURE'],
    };
    const calls = mockApi({
      'GET /api/compta/commande/7/infos': reply(OrderDetailSchema, DRAFT),
      'PUT /api/compta/commande?action=EDIT_FACTURE': () => reply(OrderDetailSchema, DRAFT),
    });
    const user = userEvent.setup();
    renderApp('/app/compta/commandes/7');
    await user.click(await screen.findByRole('button', { name: 'Modifier la facture' }, { timeout: 5000 }));
    const price = screen.getByRole('textbox', { name: 'Prix unitaire de la ligne 1, en euros' });
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await user.type(screen.getByRole('textbox', { name: 'Libellé de la ligne 2' }), 'Frais de dossier');
    await user.type(screen.getByRole('textbox', { name: 'Prix unitaire de la ligne 2, en euros' }), '15');
    // A price the lines' own check lets through, and the contract refuses: under its cell, focused.
    await user.clear(price);
    await user.type(price, '2000000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le prix unitaire est hors des limites (1 000 000 €).'),
    ).toBeInTheDocument();
    await waitFor(() => expect(price).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '41');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      id: 7,
      objet: DRAFT.objet,
      lignes: [
        { libelle: 'Cotisation : 23 membres', quantite: 23, prixUnitaire: 4100, reservationId: null },
        { libelle: 'Frais de dossier', quantite: 1, prixUnitaire: 1500, reservationId: null },
      ],
    });
    expect(await screen.findByText('La facture est modifiée.')).toBeInTheDocument();
  });
});
