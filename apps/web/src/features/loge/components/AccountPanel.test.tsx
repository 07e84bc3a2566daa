import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type AccountDocument,
  type EntitySummary,
  EntitySummaryListSchema,
  LodgeDirectDebitsSchema,
  type LodgeAccount,
  LodgeAccountSchema,
  ProviderFormSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const LODGE: EntitySummary = {
  id: 1,
  code: 'CHEV-RHONE',
  nom: 'Les Chevaliers du Rhône',
  type: 'GODF',
  numero: '1024',
  ville: 'Lyon',
  etat: 'A',
};

const doc = (over: Partial<AccountDocument>): AccountDocument => ({
  id: 1,
  type: 'S',
  etat: 'FE',
  annee: 2026,
  tranche: null,
  objet: 'Location',
  numeroDevis: null,
  numeroFacture: 'FA-2026-0001',
  numeroAvoir: null,
  dateDevis: null,
  dateFacture: '2026-10-01',
  dateEcheance: '2026-10-31',
  dateAvoir: null,
  total: 12345,
  paye: 0,
  reste: 12345,
  enRetard: true,
  documents: ['facture'],
  payable: true,
  ...over,
});

const ACCOUNT: LodgeAccount = {
  entite: { id: 1, code: LODGE.code, nom: LODGE.nom },
  du: 12345,
  echu: 12345,
  credit: 2000,
  solde: 10345,
  avoirs: [
    {
      id: 4,
      numero: 'AV-2026-0003',
      date: '2026-11-05',
      idCommande: 2,
      numeroFacture: 'FA-2026-0002',
      montant: 2000,
      motif: 'Deux frères radiés',
    },
  ],
  documents: [
    doc({}),
    doc({
      id: 2,
      type: 'A',
      tranche: 'A',
      objet: 'Cotisations 2026-2027 — 1er tiers',
      numeroFacture: 'FA-2026-0002',
      etat: 'FP',
      paye: 9000,
      total: 9000,
      reste: 0,
      enRetard: false,
      payable: false,
    }),
  ],
  paiements: [
    {
      id: 7,
      idCommande: 2,
      numeroFacture: 'FA-2026-0002',
      factures: ['FA-2026-0002'],
      mode: 'B',
      nature: 'E',
      date: '2026-11-02',
      reference: 'CB 20261102-000001',
      montant: 9000,
    },
    {
      id: 8,
      idCommande: null,
      numeroFacture: null,
      factures: ['FA-2026-0001', 'FA-2026-0002'],
      mode: 'V',
      nature: 'E',
      date: '2026-11-03',
      reference: 'VIR-GROUPE',
      montant: 3000,
    },
  ],
  relances: [{ idCommande: 1, numeroFacture: 'FA-2026-0001', niveau: 1, date: '2026-11-15' }],
};

describe('Gestion Loge › Compte avec l’Union', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a treasurer (carteLoge only) sees the account, not the members, and pays what remains by card', async () => {
    signInAs(['USER', 'LOGE']);
    const calls = mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, []),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, [LODGE]),
      'GET /api/loge/1/compte': reply(LodgeAccountSchema, ACCOUNT),
      'POST /api/loge/1/compte/commande/1/paiement-cb': reply(
        ProviderFormSchema,
        { url: '/simulateur-paiement', champs: { vads_amount: '12345' } },
        { status: 201 },
      ),
    });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    document.cookie = 'XSRF-TOKEN=abc';
    renderApp('/app/loge?onglet=compte');
    expect(
      await screen.findByRole('heading', { name: 'Factures et devis' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Membres' })).not.toBeInTheDocument();
    expect(screen.getByText('Reste à payer sur les factures').nextSibling).toHaveTextContent('123,45');
    expect(screen.getByText('Crédit de la loge (avoirs, trop-perçus)').nextSibling).toHaveTextContent(
      '20,00',
    );
    expect(screen.getByText('Solde du compte').nextSibling).toHaveTextContent('103,45 € dus à l’Union');
    const notes = screen.getByRole('region', { name: 'Avoirs' });
    expect(
      within(notes).getByRole('button', { name: 'Télécharger l’avoir AV-2026-0003' }),
    ).toBeInTheDocument();
    const paid = screen.getByRole('row', { name: /FA-2026-0002 Cotisations/ });
    expect(within(paid).queryByRole('button', { name: /Payer par carte/ })).not.toBeInTheDocument();
    const payments = screen.getByRole('region', { name: 'Paiements' });
    expect(within(payments).getByText('CB en ligne')).toBeInTheDocument();
    // One payment over several invoices names each of them.
    expect(within(payments).getByRole('row', { name: /VIR-GROUPE/ })).toHaveTextContent(
      'FA-2026-0001, FA-2026-0002',
    );
    expect(
      within(screen.getByRole('region', { name: 'Appels de cotisation' })).getByText('1er tiers'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Payer par carte 123,45.*FA-2026-0001/ }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalled());
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/api/loge/1/compte/commande/1/paiement-cb'),
    ).toBe(true);
    const form = document.querySelector('form[action="/simulateur-paiement"]')!;
    expect(form.querySelector('input[name="vads_amount"]')).toHaveValue('12345');
  }, 90_000);

  it('shows a debit the bank rejected, with its reason in French', async () => {
    signInAs(['USER', 'LOGE']);
    mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, []),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, [LODGE]),
      'GET /api/loge/1/compte': reply(LodgeAccountSchema, ACCOUNT),
      'GET /api/loge/1/prelevements': reply(LodgeDirectDebitsSchema, {
        mandat: {
          rum: 'UNION-CHEV-001',
          dateSignature: '2026-10-01',
          iban: 'FR76 •••• 0189',
          revoqueLe: null,
        },
        ics: 'FR72ZZZ123456',
        prelevements: [
          {
            datePrelevement: '2026-12-08',
            numeroFacture: 'FA-2026-0001',
            montant: 12000,
            etat: 'ENCAISSE',
            retour: { code: 'AM04', motif: 'Provision insuffisante', date: '2026-12-10' },
          },
          {
            datePrelevement: '2026-12-08',
            numeroFacture: 'FA-2026-0002',
            montant: 8000,
            etat: 'ENCAISSE',
            retour: null,
          },
        ],
      }),
    });
    renderApp('/app/loge?onglet=compte');
    const debits = await screen.findByRole(
      'region',
      { name: 'Prélèvements SEPA annoncés' },
      { timeout: 60_000 },
    );
    expect(
      within(debits).getByText('Rejeté le 10/12/2026 : Provision insuffisante (AM04)'),
    ).toBeInTheDocument();
    expect(within(debits).getByText('Prélevé')).toBeInTheDocument();
  });
});
