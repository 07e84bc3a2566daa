import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CHART_ROLES,
  type SecondFactorSettings,
  SecondFactorSettingsSchema,
  type UnionSettings,
  UnionSettingsSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

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
  comptabilite: { premierExercice: 2020, comptes: CHART_ROLES },
  comptesBancaires: [],
  ics: null,
};

const RULE: SecondFactorSettings = { habilitations: ['ADMIN', 'COMPTA_SAISIE', 'LOGE'], delaiJours: 30 };

describe('Union settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fees in euros and saves the VAT mention and the fees in cents', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/parametres/union': reply(UnionSettingsSchema, SETTINGS),
      'PUT /api/parametres/union': (call) => reply(UnionSettingsSchema, JSON.parse(call.body!)),
      'GET /api/parametres/second-facteur': reply(SecondFactorSettingsSchema, RULE),
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

  it('saves the first accounting year and the chart of accounts, refusing a number that is no account', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/parametres/union': reply(UnionSettingsSchema, SETTINGS),
      'PUT /api/parametres/union': (call) => reply(UnionSettingsSchema, JSON.parse(call.body!)),
      'GET /api/parametres/second-facteur': reply(SecondFactorSettingsSchema, RULE),
    });
    renderApp('/app/admin/parametres');
    const sales = await screen.findByLabelText(/^Compte : Ventes/, {}, { timeout: 5000 });
    expect(sales).toHaveValue('706');
    await userEvent.clear(sales);
    await userEvent.type(sales, '06');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText(/Un numéro de compte commence par sa classe/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(sales);
    await userEvent.type(sales, '756');
    const year = screen.getByLabelText('Premier exercice comptable');
    await userEvent.clear(year);
    await userEvent.type(year, '2024');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'PUT')!.body!);
    expect(body.comptabilite).toEqual({
      premierExercice: 2024,
      comptes: { ...CHART_ROLES, ventes: { num: '756', lib: CHART_ROLES.ventes.lib } },
    });
  });

  it('adds a bank account, refusing a wrong IBAN, and sends it without spaces', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/parametres/union': reply(UnionSettingsSchema, SETTINGS),
      'PUT /api/parametres/union': (call) => reply(UnionSettingsSchema, JSON.parse(call.body!)),
      'GET /api/parametres/second-facteur': reply(SecondFactorSettingsSchema, RULE),
    });
    renderApp('/app/admin/parametres');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ajouter un compte bancaire' }, { timeout: 5000 }),
    );
    const card = screen.getByRole('heading', { name: 'Comptes bancaires de l’Union' }).closest('div')!;
    await userEvent.type(within(card).getByLabelText('Nom du compte'), 'Compte courant');
    const iban = within(card).getByLabelText('IBAN');
    // Pasted, as a treasurer copies it from the bank's letter (typed key by key, 33 characters took
    // seconds of jsdom on a busy machine).
    await userEvent.click(iban);
    await userEvent.paste('FR76 3000 6000 0112 3456 7890 188');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText(/L’IBAN du compte bancaire n’est pas valide/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(iban);
    await userEvent.paste('FR76 3000 6000 0112 3456 7890 189');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'PUT')!.body!);
    expect(body.comptesBancaires).toEqual([
      { nom: 'Compte courant', iban: 'FR7630006000011234567890189', bic: null, compte: '512' },
    ]);
  });

  it('saves who must have a second factor and the grace period, with French messages', async () => {
    signInAs(['USER', 'ADMIN']);
    const calls = mockApi({
      'GET /api/parametres/union': reply(UnionSettingsSchema, SETTINGS),
      'GET /api/parametres/second-facteur': reply(SecondFactorSettingsSchema, RULE),
      'PUT /api/parametres/second-facteur': (call) =>
        reply(SecondFactorSettingsSchema, JSON.parse(call.body!)),
    });
    renderApp('/app/admin/parametres');
    const rule = await screen.findByRole(
      'form',
      { name: 'Double authentification obligatoire' },
      { timeout: 5000 },
    );
    const box = (label: string) => within(rule).getByRole('checkbox', { name: new RegExp(`^${label}`) });
    expect(box('Administration')).toBeChecked();
    expect(box('Gestion Loge')).toBeChecked();
    expect(box('Planning')).not.toBeChecked();
    // No profile shortcut in a rule.
    expect(within(rule).queryByText('Profils')).not.toBeInTheDocument();
    await userEvent.click(box('Planning'));
    await userEvent.click(box('Gestion Loge'));
    const days = within(rule).getByLabelText(/Délai pour l’activer/);
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    await userEvent.click(within(rule).getByRole('button', { name: 'Enregistrer la règle' }));
    expect(await within(rule).findByText('Délai : 365 jours au plus.')).toBeInTheDocument();
    await userEvent.clear(days);
    await userEvent.click(within(rule).getByRole('button', { name: 'Enregistrer la règle' }));
    expect(await within(rule).findByText('Délai : un nombre de jours.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(days, '15');
    await userEvent.click(within(rule).getByRole('button', { name: 'Enregistrer la règle' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      habilitations: ['ADMIN', 'COMPTA_SAISIE', 'PLANNING'],
      delaiJours: 15,
    });
    expect(await screen.findByText('Règle de double authentification enregistrée.')).toBeInTheDocument();
  });
});
