import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EntityListSchema,
  MandateListSchema,
  daysBetween,
  isTarget2Day,
  MandateSchema,
  parisDay,
  SepaBatchListSchema,
  type Entity,
  type Mandate,
  type SepaBatch,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calendarName,
  download,
  failure,
  mockApi,
  renderApp,
  reply,
  signInAs,
} from '../../../../../test/utils';

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

/** The page as it opens: the mandates, batches and lodges the API gives (none unless said), and other calls. */
function openMandatesPage({
  mandats = [],
  lots = [],
  entites = [],
  autres = {},
}: {
  mandats?: Mandate[];
  lots?: SepaBatch[];
  entites?: Entity[];
  autres?: Parameters<typeof mockApi>[0];
} = {}) {
  const calls = mockApi({
    'GET /api/compta/banque/mandats': reply(MandateListSchema, mandats),
    'GET /api/compta/banque/prelevements': reply(SepaBatchListSchema, lots),
    'GET /api/entite/all': reply(EntityListSchema, entites),
    ...autres,
  });
  renderApp('/app/compta/banque/mandats');
  return calls;
}

describe('Mandats et prélèvements', { timeout: 90_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the mandates and batches with their figures, and the treasurer’s buttons', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    openMandatesPage({
      mandats: [MANDATE, REVOKED],
      lots: [
        BATCH,
        { ...BATCH, id: 7, reference: 'PRLV-2026-0007', etat: 'TRANSMIS', total: 45000, nombre: 1 },
      ],
    });
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
    openMandatesPage({ mandats: [MANDATE], lots: [BATCH] });
    const prepared = await screen.findByRole('row', { name: /PRLV-2026-0008/ }, { timeout: 5000 });
    const v02 = within(prepared).getByRole('button', {
      name: 'Télécharger le fichier pain.008.001.02 du lot PRLV-2026-0008',
    });
    expect(v02).toHaveTextContent('pain.008.001.02');
    expect(v02).toHaveAttribute('title', expect.stringMatching(/toutes les banques françaises/));
    const v08 = within(prepared).getByRole('button', {
      name: 'Télécharger le fichier pain.008.001.08 du lot PRLV-2026-0008',
    });
    expect(v08).toHaveTextContent('pain.008.001.08');
    expect(v08).toHaveAttribute('title', expect.stringMatching(/actuelle de l’EPC/));
    expect(screen.queryByRole('button', { name: 'Nouveau mandat' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Préparer le lot/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Révoquer|Marquer|Annuler le lot|Joindre/ })).toBeNull();
  });

  it('downloads the batch’s file in the version of the button', async () => {
    signInAs(['USER', 'COMPTA_LECTURE']);
    // jsdom cannot follow a blob link: the click that saves the file is only recorded.
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pain008'), revokeObjectURL: vi.fn() }),
    );
    const calls = openMandatesPage({
      mandats: [MANDATE],
      lots: [BATCH],
      autres: {
        'GET /api/compta/banque/prelevements/8/pain008?version=001.08': download('<Document/>'),
      },
    });
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Télécharger le fichier pain.008.001.08 du lot PRLV-2026-0008' },
        { timeout: 5000 },
      ),
    );
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.path)).toContain('/api/compta/banque/prelevements/8/pain008?version=001.08');
    save.mockRestore();
  });

  it('says what to do when there is no mandate and no batch yet', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    openMandatesPage();
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
    const calls = openMandatesPage({
      entites: [entity(4, 'Les Chevaliers du Rhône'), entity(5, 'Tolérance et Progrès')],
      autres: {
        'POST /api/compta/banque/mandats': reply(MandateSchema, { ...MANDATE, pdf: false }, { status: 201 }),
      },
    });
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
      // The body as the contract reads it (MandateCreateSchema.parse): the IBAN in its electronic form.
      iban: 'FR7630004000031234567890143',
      bic: 'BNPAFRPPXXX',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says under the RUM and the IBAN what the contract refuses, sends nothing and puts the focus on the RUM', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = openMandatesPage({ entites: [entity(4, 'Les Chevaliers du Rhône')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau mandat' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau mandat de prélèvement SEPA' });
    const lodge = within(dialog).getByRole('textbox', { name: /Loge ou association/ });
    await waitFor(() => expect(lodge).toHaveFocus());
    await userEvent.keyboard('Cheval');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(lodge).toHaveValue('Les Chevaliers du Rhône'));
    const rum = within(dialog).getByRole('textbox', { name: /RUM/ });
    // « É » and the space are outside the SEPA characters; the IBAN's last digit breaks its check.
    await userEvent.type(rum, 'UNION CHÉV 2026');
    const iban = within(dialog).getByRole('textbox', { name: /IBAN du débiteur/ });
    await userEvent.type(iban, 'FR76 3000 4000 0312 3456 7890 144');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le mandat' }));
    await waitFor(() => expect(rum).toHaveFocus());
    expect(rum).toHaveAttribute('aria-invalid', 'true');
    expect(rum).toHaveAccessibleDescription(
      expect.stringContaining(
        "La référence du mandat (RUM) a de 1 à 35 caractères : lettres sans accent, chiffres et / - ? : ( ) . , ' +, sans espace.",
      ),
    );
    expect(iban).toHaveAccessibleDescription(
      'L’IBAN du débiteur n’est pas valide : vérifiez le code pays, la longueur et les chiffres de contrôle.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says under the reason that it is required, sends nothing and puts the focus on it', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = openMandatesPage({ mandats: [MANDATE] });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Révoquer le mandat UNION-CHEV-2026-01' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Révoquer le mandat UNION-CHEV-2026-01' });
    const motif = within(dialog).getByRole('textbox', { name: /Motif/ });
    // Spaces only: the contract trims them, the reason is empty.
    await userEvent.type(motif, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(motif).toHaveFocus());
    expect(motif).toHaveAttribute('aria-invalid', 'true');
    expect(motif).toHaveAccessibleDescription(
      expect.stringContaining('Le motif de la révocation est obligatoire.'),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says under the collection date when it is left empty, sends nothing and puts the focus on it', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = openMandatesPage({ mandats: [MANDATE] });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Effacer la date de prélèvement' }, { timeout: 5000 }),
    );
    const field = screen.getByRole('button', { name: /Date de prélèvement/ });
    await waitFor(() => expect(field).not.toHaveTextContent(/\d{4}/));
    await userEvent.click(screen.getByRole('button', { name: 'Préparer le lot des factures dues' }));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Choisissez la date de prélèvement.'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('proposes the first TARGET2 day 14 days ahead, greys out the closed days, and shows the server’s refusal', async () => {
    // Today is Friday 11 December 2026 in Lyon: 14 days on is Christmas, then St Stephen and a weekend.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-11T10:00:00Z'));
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const refusal =
      'Le prélèvement ne peut avoir lieu avant le mardi 29 décembre 2026 : chaque loge doit en être prévenue au moins 14 jours avant (pré-notification).';
    const calls = openMandatesPage({
      mandats: [MANDATE],
      autres: {
        'POST /api/compta/banque/prelevements': failure(412, {
          status: 412,
          error: 'sepa_too_soon',
          message: refusal,
        }),
      },
    });
    const field = await screen.findByRole('button', { name: /Date de prélèvement/ }, { timeout: 5000 });
    expect(field).toHaveTextContent('lundi 28 décembre 2026');
    expect(
      screen.getByText('Jour de règlement SEPA, au moins 14 jours après la pré-notification.'),
    ).toBeInTheDocument();
    await userEvent.click(field);
    const day = async (d: string) => screen.findByRole('button', { name: calendarName(d), hidden: true });
    // Before the 28th by the notice; after it, by TARGET2's calendar: New Year's day and the weekends.
    expect(await day('2026-12-24')).toBeDisabled();
    expect(await day('2026-12-28')).toBeEnabled();
    expect(await day('2026-12-31')).toBeEnabled();
    expect(await day('2027-01-01')).toBeDisabled();
    expect(await day('2027-01-02')).toBeDisabled();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Préparer le lot des factures dues' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = JSON.parse(calls.find((c) => c.method === 'POST')!.body!) as { datePrelevement: string };
    expect(sent.datePrelevement).toBe('2026-12-28');
    expect(isTarget2Day(sent.datePrelevement)).toBe(true);
    expect(daysBetween(parisDay(), sent.datePrelevement)).toBeGreaterThanOrEqual(14);
    // The server has the last word (its clock may have passed midnight): its refusal is shown as it says it.
    const dialog = await screen.findByRole('dialog', { name: 'Erreur de saisie' });
    expect(within(dialog).getByText(refusal, { exact: false })).toBeInTheDocument();
  });
});
