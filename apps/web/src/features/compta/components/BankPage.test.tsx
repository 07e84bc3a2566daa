import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BankConfirmExactReportSchema,
  BankLineSchema,
  BankStatementListSchema,
  BankStatementSchema,
  type BankLine,
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
});
