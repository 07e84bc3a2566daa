import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EntityListSchema,
  MandateListSchema,
  MandateSchema,
  parisDay,
  SepaBatchListSchema,
  type Entity,
  type Mandate,
  type SepaBatch,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarName, mockApi, renderApp, reply, signInAs } from '../../../../../test/utils';

const MANDATE: Mandate = {
  id: 3,
  idEntite: 4,
  entite: 'Les Chevaliers du Rhône',
  rum: 'UNION-CHEV-2026-01',
  dateSignature: '2026-09-15',
  debiteur: 'Les Chevaliers du Rhône',
  iban: 'FR7630004000031234567890143',
  bic: 'BNPAFRPPXXX',
  sequence: 'FRST',
  pdf: true,
  revoqueLe: null,
  motifRevocation: null,
};
const REVOKED: Mandate = {
  ...MANDATE,
  id: 2,
  idEntite: 5,
  entite: 'Tolérance et Progrès',
  rum: 'UNION-TP-2025-01',
  debiteur: 'Tolérance et Progrès',
  sequence: 'RCUR',
  pdf: false,
  revoqueLe: '2026-10-01',
  motifRevocation: 'Changement de banque',
};
const BATCH: SepaBatch = {
  id: 8,
  reference: 'PRLV-2026-0008',
  datePrelevement: '2026-12-15',
  etat: 'PREPARE',
  iban: 'FR7630006000011234567890189',
  total: 123450,
  nombre: 3,
  creeLe: '2026-11-29T09:00:00.000Z',
  lignes: [],
};

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

describe('Mandats et prélèvements', { timeout: 90_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the mandates and batches with their figures, and the treasurer’s buttons', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    mockApi({
      'GET /api/compta/banque/mandats': reply(MandateListSchema, [MANDATE, REVOKED]),
      'GET /api/entite/all': reply(EntityListSchema, []),
      'GET /api/compta/banque/prelevements': reply(SepaBatchListSchema, [
        BATCH,
        { ...BATCH, id: 7, reference: 'PRLV-2026-0007', etat: 'TRANSMIS', total: 45000, nombre: 1 },
      ]),
    });
    renderApp('/app/compta/banque/mandats');
    expect(
      await screen.findByRole('heading', { name: 'Mandats et prélèvements' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const live = await screen.findByRole('row', { name: /UNION-CHEV-2026-01/ });
    expect(live).toHaveTextContent('Les Chevaliers du Rhône');
    expect(live).toHaveTextContent('15/09/2026');
    expect(live).toHaveTextContent('FR76 3000 4000 0312 3456 7890 143');
    expect(live).toHaveTextContent('Valide — premier prélèvement');
    const revoked = screen.getByRole('row', { name: /UNION-TP-2025-01/ });
    expect(revoked).toHaveTextContent('Révoqué le 01/10/2026');
    expect(revoked).toHaveTextContent('Changement de banque');
    expect(
      within(live).getByRole('button', { name: 'Télécharger le mandat signé UNION-CHEV-2026-01' }),
    ).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Révoquer le mandat UNION-CHEV-2026-01' })).toBeEnabled();
    expect(within(revoked).queryByRole('button', { name: /Révoquer/ })).toBeNull();
    const prepared = screen.getByRole('row', { name: /PRLV-2026-0008/ });
    expect(prepared).toHaveTextContent('15/12/2026');
    expect(prepared).toHaveTextContent('Préparé, loges prévenues');
    expect(prepared).toHaveTextContent(/1\s234,50\s€/);
    expect(
      within(prepared).getByRole('button', { name: 'Marquer le lot PRLV-2026-0008 transmis à la banque' }),
    ).toBeInTheDocument();
    expect(
      within(prepared).getByRole('button', { name: 'Annuler le lot PRLV-2026-0008' }),
    ).toBeInTheDocument();
    const sent = screen.getByRole('row', { name: /PRLV-2026-0007/ });
    expect(sent).toHaveTextContent('Transmis à la banque');
    expect(within(sent).queryByRole('button', { name: /Annuler le lot/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Nouveau mandat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Préparer le lot des factures dues' })).toBeInTheDocument();
  });

  it('lets a reader read and download only', async () => {
    signInAs(['USER', 'COMPTA_LECTURE']);
    mockApi({
      'GET /api/compta/banque/mandats': reply(MandateListSchema, [MANDATE]),
      'GET /api/compta/banque/prelevements': reply(SepaBatchListSchema, [BATCH]),
    });
    renderApp('/app/compta/banque/mandats');
    const prepared = await screen.findByRole('row', { name: /PRLV-2026-0008/ }, { timeout: 5000 });
    expect(
      within(prepared).getByRole('button', { name: 'Télécharger le fichier pain.008 du lot PRLV-2026-0008' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau mandat' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Préparer le lot/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Révoquer|Marquer|Annuler le lot|Joindre/ })).toBeNull();
  });

  it('says what to do when there is no mandate and no batch yet', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    mockApi({
      'GET /api/compta/banque/mandats': reply(MandateListSchema, []),
      'GET /api/compta/banque/prelevements': reply(SepaBatchListSchema, []),
      'GET /api/entite/all': reply(EntityListSchema, []),
    });
    renderApp('/app/compta/banque/mandats');
    expect(await screen.findByText(/Aucun mandat enregistré/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Aucun lot de prélèvements/)).toBeInTheDocument();
    // No mandate, nothing to debit: the page says what comes first rather than offering a batch.
    expect(screen.getByText(/enregistrez d’abord le mandat signé d’une loge/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Préparer le lot/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour à la banque' })).toHaveAttribute(
      'href',
      '/app/compta/banque',
    );
  });

  it('records a lodge’s mandate with the keyboard, the calendar’s day aside', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      'GET /api/compta/banque/mandats': reply(MandateListSchema, []),
      'GET /api/compta/banque/prelevements': reply(SepaBatchListSchema, []),
      'GET /api/entite/all': reply(EntityListSchema, [
        entity(4, 'Les Chevaliers du Rhône'),
        entity(5, 'Tolérance et Progrès'),
      ]),
      'POST /api/compta/banque/mandats': reply(MandateSchema, { ...MANDATE, pdf: false }, { status: 201 }),
    });
    renderApp('/app/compta/banque/mandats');
    const open = await screen.findByRole('button', { name: 'Nouveau mandat' }, { timeout: 5000 });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau mandat de prélèvement SEPA' });
    const lodge = within(dialog).getByRole('textbox', { name: /Loge ou association/ });
    await waitFor(() => expect(lodge).toHaveFocus());
    await userEvent.keyboard('Cheval');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(lodge).toHaveValue('Les Chevaliers du Rhône'));
    await userEvent.tab();
    expect(within(dialog).getByRole('textbox', { name: /RUM/ })).toHaveFocus();
    await userEvent.keyboard('UNION-CHEV-2026-01');
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: /Date de signature/ })).toHaveFocus();
    // Enter opens the calendar; its day is clicked here: jsdom has no layout, so the calendar's focus trap
    // lets Tab leave it (in Chromium the arrows and Enter pick a day: e2e/accessible-journeys.spec.ts).
    await userEvent.keyboard('{Enter}');
    await userEvent.click(
      await screen.findByRole('button', { name: calendarName(parisDay()), hidden: true }),
    );
    const signature = within(dialog).getByRole('button', { name: /Date de signature/ });
    await waitFor(() => expect(signature).toHaveTextContent(/\d{4}/));
    signature.focus();
    await userEvent.tab();
    await userEvent.keyboard('Les Chevaliers du Rhône');
    await userEvent.tab();
    await userEvent.keyboard('FR76 3000 4000 0312 3456 7890 143');
    await userEvent.tab();
    await userEvent.keyboard('BNPAFRPPXXX{Enter}');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      idEntite: 4,
      rum: 'UNION-CHEV-2026-01',
      dateSignature: parisDay(),
      debiteur: 'Les Chevaliers du Rhône',
      iban: 'FR76 3000 4000 0312 3456 7890 143',
      bic: 'BNPAFRPPXXX',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
