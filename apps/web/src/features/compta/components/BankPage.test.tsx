import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BankConfirmExactReportSchema,
  BankLineSchema,
  BankStatementListSchema,
  BankStatementSchema,
  EntityAccountSchema,
  EntityListSchema,
  type BankLine,
  type Entity,
  type BankStatement,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const line = (over: Partial<BankLine>): BankLine => ({
  id: 1,
  dateComptable: '2026-11-17',
  dateValeur: '2026-11-17',
  montant: 36000,
  reference: '2026111700012345',
  contrepartie: 'LES CHEVALIERS DU RHONE',
  ibanContrepartie: null,
  libelle: 'FA-2026-0001',
  etat: 'A_TRAITER',
  idPaiement: null,
  note: null,
  compte: null,
  reglementCarte: null,
  retour: null,
  prelevement: null,
  proposition: {
    nature: 'exacte',
    idEntite: 4,
    entite: 'Les Chevaliers du Rhône',
    factures: [{ idCommande: 12, numeroFacture: 'FA-2026-0001', montant: 36000 }],
    raison: 'Le libellé cite FA-2026-0001, pour le montant dû.',
  },
  ...over,
});

const STATEMENT: BankStatement = {
  id: 7,
  iban: 'FR7630006000011234567890189',
  compte: '5121',
  nomCompte: 'Compte courant',
  identifiant: 'RLV-2026-11-0147',
  du: '2026-11-16',
  au: '2026-11-20',
  soldeOuverture: 1245030,
  soldeCloture: 1277330,
  ecart: -2330,
  importePar: 'Jean Martin',
  importeLe: '2026-11-23T10:00:00.000Z',
  lignes: [
    line({}),
    line({ id: 2, montant: -15700, libelle: 'PRLV SEPA EDF', contrepartie: 'EDF', proposition: null }),
  ],
};
const { lignes: _lignes, ...SUMMARY } = STATEMENT;

const entity = (id: number, nom: string): Entity => ({
  id,
  code: `L${id}`,
  nom,
  type: 'GODF',
  numero: null,
  ville: 'Lyon',
  adresseFacturation: null,
  emailFacturation: null,
  etat: 'A',
  nbMembres: 10,
});

describe('Banque', { timeout: 90_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the statement’s gap and lines, confirms the exact matches and sets a debit aside', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      'GET /api/compta/banque/releves': reply(BankStatementListSchema, [SUMMARY]),
      'GET /api/compta/banque/releves/7': reply(BankStatementSchema, STATEMENT),
      'POST /api/compta/banque/releves/7/confirmation': reply(BankConfirmExactReportSchema, {
        confirmees: 1,
        refusees: [],
      }),
      'POST /api/compta/banque/lignes/2/ignorer': reply(
        BankLineSchema,
        line({ id: 2, etat: 'IGNOREE', note: 'Électricité', proposition: null }),
      ),
    });
    renderApp('/app/compta/banque');
    expect(await screen.findByRole('heading', { name: 'Banque' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(/diffère de -23,30/)).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Correspondance exacte')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer les correspondances exactes (1)' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/releves/7/confirmation'))).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: /^Ignorer la ligne du .* -157,00/ }));
    await userEvent.type(await screen.findByLabelText(/Pourquoi cette ligne/), 'Électricité');
    await userEvent.click(screen.getByRole('button', { name: 'Laisser sans correspondance' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/lignes/2/ignorer'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/ignorer'))!.body!)).toEqual({
      note: 'Électricité',
    });
  });

  it('lets a reader read, with no import or confirmation', async () => {
    signInAs(['USER', 'COMPTA_LECTURE']);
    mockApi({
      'GET /api/compta/banque/releves': reply(BankStatementListSchema, [SUMMARY]),
      'GET /api/compta/banque/releves/7': reply(BankStatementSchema, STATEMENT),
    });
    renderApp('/app/compta/banque');
    expect(await screen.findByText('Lignes du relevé', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Importer un relevé/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Confirmer/ })).toBeNull();
  });

  it('imputes a debit line to an account picked among the usual ones, with its label', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      'GET /api/compta/banque/releves': reply(BankStatementListSchema, [SUMMARY]),
      'GET /api/compta/banque/releves/7': reply(BankStatementSchema, STATEMENT),
      'POST /api/compta/banque/lignes/2/imputation': reply(
        BankLineSchema,
        line({ id: 2, montant: -15700, etat: 'IMPUTEE', compte: '6061', proposition: null }),
      ),
    });
    renderApp('/app/compta/banque');
    await userEvent.click(
      await screen.findByRole('button', { name: /^Imputer la ligne du .* -157,00/ }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Imputer au compte …' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Compte usuel' }));
    await userEvent.click(
      await screen.findByRole('option', { name: /^6061 — Fournitures non stockables/, hidden: true }),
    );
    await userEvent.clear(within(dialog).getByLabelText(/Libellé de l’écriture/));
    await userEvent.type(within(dialog).getByLabelText(/Libellé de l’écriture/), 'Électricité du temple');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imputer au compte 6061' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/lignes/2/imputation'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/imputation'))!.body!)).toEqual({
      compte: { num: '6061', lib: 'Fournitures non stockables (eau, énergie)' },
      libelle: 'Électricité du temple',
    });
  });

  it('corrects a suggestion: another lodge and the invoices the transfer pays', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      'GET /api/compta/banque/releves': reply(BankStatementListSchema, [SUMMARY]),
      'GET /api/compta/banque/releves/7': reply(BankStatementSchema, STATEMENT),
      'GET /api/entite/all': reply(EntityListSchema, [
        entity(4, 'Les Chevaliers du Rhône'),
        entity(5, 'Tolérance et Progrès'),
      ]),
      'GET /api/compta/entite/4/compte': reply(EntityAccountSchema, {
        entite: { id: 4, nom: 'Les Chevaliers du Rhône' },
        du: 36000,
        credit: 0,
        factures: [
          {
            id: 12,
            numeroFacture: 'FA-2026-0001',
            objet: 'Location',
            dateFacture: '2026-11-02',
            dateEcheance: '2026-12-02',
            total: 36000,
            du: 36000,
          },
        ],
      }),
      'GET /api/compta/entite/5/compte': reply(EntityAccountSchema, {
        entite: { id: 5, nom: 'Tolérance et Progrès' },
        du: 50000,
        credit: 0,
        factures: [
          {
            id: 20,
            numeroFacture: 'FA-2026-0020',
            objet: 'Cotisations',
            dateFacture: '2026-10-01',
            dateEcheance: '2026-11-01',
            total: 30000,
            du: 30000,
          },
          {
            id: 21,
            numeroFacture: 'FA-2026-0021',
            objet: 'Location',
            dateFacture: '2026-11-01',
            dateEcheance: '2026-12-01',
            total: 20000,
            du: 20000,
          },
        ],
      }),
      'POST /api/compta/banque/lignes/1/confirmation': reply(
        BankLineSchema,
        line({ etat: 'RAPPROCHEE', idPaiement: 9, proposition: null }),
      ),
    });
    renderApp('/app/compta/banque');
    await userEvent.click(
      await screen.findByRole('button', { name: /^Corriger la ligne du .* 360,00/ }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog');
    // The proposal's lodge and allocation to start with.
    expect(await within(dialog).findByLabelText('Montant affecté à la facture FA-2026-0001')).toHaveValue(
      '360',
    );
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Loge ou association qui paie' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tolérance et Progrès', hidden: true }));
    // Another lodge: the amount spread over its invoices, oldest first; the rest is its credit.
    expect(await within(dialog).findByLabelText('Montant affecté à la facture FA-2026-0020')).toHaveValue(
      '300',
    );
    expect(within(dialog).getByLabelText('Montant affecté à la facture FA-2026-0021')).toHaveValue('60');
    await userEvent.clear(within(dialog).getByLabelText('Montant affecté à la facture FA-2026-0021'));
    expect(within(dialog).getByText(/Reste au crédit de la loge : 60,00/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/lignes/1/confirmation'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/lignes/1/confirmation'))!.body!)).toEqual({
      idEntite: 5,
      affectations: [{ idCommande: 20, montant: 30000 }],
    });
  });

  it('confirms a card provider’s transfer as the settlement of the card payments, with its fees', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const settlement = line({
      id: 3,
      montant: 14820,
      libelle: 'VIR SEPA SYSTEMPAY',
      contrepartie: 'LYRA NETWORK',
      proposition: null,
      reglementCarte: {
        brut: 15000,
        frais: 180,
        paiements: [
          { idEcriture: 41, date: '2026-11-16', piece: 'CB 1', libelle: 'Paiement en ligne', montant: 10000 },
          { idEcriture: 42, date: '2026-11-17', piece: 'CB 2', libelle: 'Paiement en ligne', montant: 5000 },
        ],
      },
    });
    const calls = mockApi({
      'GET /api/compta/banque/releves': reply(BankStatementListSchema, [SUMMARY]),
      'GET /api/compta/banque/releves/7': reply(BankStatementSchema, { ...STATEMENT, lignes: [settlement] }),
      'POST /api/compta/banque/lignes/3/reglement-carte': reply(
        BankLineSchema,
        line({ id: 3, etat: 'IMPUTEE', compte: '512', proposition: null }),
      ),
    });
    renderApp('/app/compta/banque');
    expect(
      await screen.findByText('Règlement des paiements par carte', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/2 paiements du 16\/11\/2026 au 17\/11\/2026 : 150,00/)).toBeInTheDocument();
    expect(screen.getByText(/Frais du prestataire : 1,80/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Confirmer la ligne du .* 148,20/ }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/lignes/3/reglement-carte'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/reglement-carte'))!.body!)).toEqual({
      ecritures: [41, 42],
    });
  });

  it('confirms a SEPA batch’s credit against the batch, and shows a return with its reason', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const debits = [
      {
        idEntite: 4,
        entite: 'Les Chevaliers du Rhône',
        idCommande: 12,
        numeroFacture: 'FA-2026-0001',
        montant: 12000,
      },
      {
        idEntite: 5,
        entite: 'Tolérance et Progrès',
        idCommande: 20,
        numeroFacture: 'FA-2026-0020',
        montant: 8000,
      },
    ];
    const collection = line({
      id: 5,
      montant: 20000,
      libelle: 'REMISE PRELEVEMENTS SEPA UNION-PRLV-20261208-AB12CD34-FRST',
      contrepartie: null,
      proposition: null,
      prelevement: {
        sens: 'ENCAISSEMENT',
        nature: 'exacte',
        idLot: 3,
        reference: 'UNION-PRLV-20261208-AB12CD34',
        datePrelevement: '2026-12-08',
        debits,
        rejetes: [],
        raison: 'Le libellé cite le lot UNION-PRLV-20261208-AB12CD34, pour son total.',
      },
    });
    // Another batch credited net of one debit the bank rejected before settlement.
    const net = line({
      id: 8,
      montant: 12000,
      libelle: 'REMISE PRELEVEMENTS SEPA UNION-PRLV-20261215-EF56',
      contrepartie: null,
      proposition: null,
      prelevement: {
        sens: 'ENCAISSEMENT',
        nature: 'suggestion',
        idLot: 4,
        reference: 'UNION-PRLV-20261215-EF56',
        datePrelevement: '2026-12-15',
        debits: [debits[0]!],
        rejetes: [debits[1]!],
        raison:
          'Le libellé cite le lot UNION-PRLV-20261215-EF56, pour 120,00 € : son total moins FA-2026-0020.',
      },
    });
    const returned = line({
      id: 6,
      montant: -12000,
      libelle: 'IMPAYE PRLV SEPA FA-2026-0001',
      proposition: null,
      retour: { code: 'AM04', motif: 'Provision insuffisante', endToEndId: 'FA-2026-0001' },
      prelevement: {
        sens: 'RETOUR',
        nature: 'exacte',
        idLot: 3,
        reference: 'UNION-PRLV-20261208-AB12CD34',
        datePrelevement: '2026-12-08',
        debits: [debits[0]!],
        rejetes: [],
        raison: 'Retour du prélèvement FA-2026-0001 du lot UNION-PRLV-20261208-AB12CD34.',
      },
    });
    const calls = mockApi({
      'GET /api/compta/banque/releves': reply(BankStatementListSchema, [SUMMARY]),
      'GET /api/compta/banque/releves/7': reply(BankStatementSchema, {
        ...STATEMENT,
        lignes: [collection, returned, net],
      }),
      'POST /api/compta/banque/lignes/8/prelevement': reply(BankLineSchema, { ...net, etat: 'RAPPROCHEE' }),
      'POST /api/compta/banque/lignes/5/prelevement': reply(BankLineSchema, {
        ...collection,
        etat: 'RAPPROCHEE',
      }),
    });
    renderApp('/app/compta/banque');
    expect(
      await screen.findByText('Lot UNION-PRLV-20261208-AB12CD34', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 prélèvements du 08/12/2026')).toBeInTheDocument();
    expect(
      screen.getByText('Prélèvement rejeté : Provision insuffisante (AM04), FA-2026-0001'),
    ).toBeInTheDocument();
    expect(screen.getByText('Facture FA-2026-0001 (120,00 €)')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Confirmer les correspondances exactes (2)' }),
    ).toBeInTheDocument();
    // A batch's credit is not corrected into a lodge's payment.
    expect(screen.queryByRole('button', { name: /^Corriger la ligne du .* 200,00/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Confirmer la ligne du .* 200,00/ }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/lignes/5/prelevement'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/lignes/5/prelevement'))!.body!)).toEqual({
      idLot: 3,
    });
    // The net credit names the debit rejected, and its confirmation says so to the server.
    expect(
      screen.getByText('Rejeté avant règlement : FA-2026-0020 (Tolérance et Progrès, 80,00 €)'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Confirmer la ligne du .* de 120,00/ }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/lignes/8/prelevement'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/lignes/8/prelevement'))!.body!)).toEqual({
      idLot: 4,
      rejetes: [20],
    });
  });
});
