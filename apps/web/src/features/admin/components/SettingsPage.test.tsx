import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnionSettings } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, signInAs } from '../../../../test/utils';

const SETTINGS: UnionSettings = {
  identite: {
    raisonSociale: 'Union des Loges et Associations de Lyon',
    adresse: '8 rue Garibaldi\n69006 Lyon',
    siret: null,
    rna: null,
    email: 'contact@union-lyon.fr',
    telephone: null,
  },
  mentionTva: 'TVA non applicable, art. 261-7-1° du CGI',
  banque: { iban: null, bic: null },
  relances: { niveau1: 15, niveau2: 30, niveau3: 45, ecart: 10, automatique: false },
  cotisations: { AFM: 3000, DH: 12000, GODF: 12000, GOS: 9000, HG: 6000, UN: 0 },
  reservations: { preavisHeures: 48, horizonMois: 18 },
};

describe('Union settings', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fees in euros and saves the VAT mention and the fees in cents', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockFetch({
      'GET /api/parametres/union': { body: SETTINGS },
      'PUT /api/parametres/union': (call) => ({ body: JSON.parse(call.body!) }),
    });
    renderApp('/app/admin/parametres');
    const godf = await screen.findByLabelText('Loge bleue (Grand Orient de France)', {}, { timeout: 5000 });
    expect(godf).toHaveValue('120 €');
    await userEvent.clear(godf);
    await userEvent.type(godf, '135,5');
    await userEvent.click(screen.getByLabelText(/art\. 293 B du CGI/));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'PUT')!.body!);
    expect(body.mentionTva).toBe('TVA non applicable, art. 293 B du CGI');
    expect(body.cotisations).toEqual({ ...SETTINGS.cotisations, GODF: 13550 });
    expect(body.identite).toEqual(SETTINGS.identite);
  });
});
