import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type OverdueList,
  OverdueListSchema,
  type ReminderBatchReport,
  ReminderBatchReportSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const line = (
  id: number,
  over: Partial<OverdueList['lignes'][number]> = {},
): OverdueList['lignes'][number] => ({
  id,
  entite: { id: 10 + id, nom: `Loge ${id}` },
  numeroFacture: `FA-2026-000${id}`,
  objet: 'Cotisations',
  dateFacture: '2026-11-23',
  dateEcheance: '2026-12-23',
  total: 12000,
  reste: 12000,
  joursRetard: 18,
  niveauEnvoye: 0,
  derniereRelance: null,
  prochainNiveau: 1,
  dueLe: '2027-01-07',
  aEnvoyer: true,
  raison: null,
  lettres: [],
  ...over,
});

const LIST: OverdueList = {
  delais: { niveau1: 15, niveau2: 30, niveau3: 45, ecart: 10, automatique: false },
  lignes: [
    line(1),
    line(2, {
      niveauEnvoye: 1,
      derniereRelance: '2027-01-08',
      prochainNiveau: 2,
      aEnvoyer: false,
      raison: 'pas avant le vendredi 22 janvier 2027',
      lettres: [{ rang: 1, niveau: 1, date: '2027-01-08' }],
    }),
  ],
};
const REPORT: ReminderBatchReport = {
  envoyees: [{ id: 1, entite: 'Loge 1', numeroFacture: 'FA-2026-0001', niveau: 1, reste: 12000 }],
  ignorees: [],
};

describe('Relances', { timeout: 90_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the levels due, previews the chosen ones and sends them in one action', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      'GET /api/compta/relances': reply(OverdueListSchema, LIST),
      'POST /api/compta/relances/apercu': reply(ReminderBatchReportSchema, REPORT),
      'POST /api/compta/relances/envoi': reply(ReminderBatchReportSchema, REPORT),
    });
    renderApp('/app/compta/relances');
    const first = await screen.findByLabelText(
      'Relancer la facture FA-2026-0001 (Loge 1)',
      {},
      { timeout: 5000 },
    );
    expect(screen.getByLabelText('Relancer la facture FA-2026-0002 (Loge 2)')).toBeDisabled();
    expect(screen.getByText('pas avant le vendredi 22 janvier 2027')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Télécharger la lettre 1 \(Rappel de paiement/ }),
    ).toBeInTheDocument();
    await userEvent.click(first);
    await userEvent.click(screen.getByRole('button', { name: 'Aperçu de l’envoi (1)' }));
    expect(
      await screen.findByText('1 relance sera envoyée par e-mail, avec la facture.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer 1 relance' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/compta/relances/envoi')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/compta/relances/envoi')!;
    expect(JSON.parse(sent.body!)).toEqual({ ids: [1] });
    const preview = calls.find((c) => c.path === '/api/compta/relances/apercu')!;
    expect(JSON.parse(preview.body!)).toEqual({ ids: [1] });
  });
});
