import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  DashboardCardsSchema,
  DashboardDueSchema,
  DashboardMonthsSchema,
  DashboardReceivablesSchema,
  pathTo,
  type DashboardMonths,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';
import { parisYear } from '../../../lib/dates';

const YEAR = parisYear();
const months = (annee: number, facture: number): DashboardMonths => ({
  annee,
  mois: Array.from({ length: 12 }, (_, i) => ({
    mois: i + 1,
    facture: i === 9 ? facture : 0,
    encaisse: i === 9 ? 1000 : 0,
    factureAvant: 0,
    encaisseAvant: 0,
  })),
});

function mockDashboard() {
  return mockApi({
    [`GET ${API.compta.dashboardReceivables}`]: reply(DashboardReceivablesSchema, {
      date: '2026-11-23',
      lignes: [
        {
          entite: { id: 3, nom: 'La Concorde' },
          nonEchu: 6000,
          j0a30: 6000,
          j31a60: 0,
          j61a90: 0,
          plus90: 3500,
          total: 15500,
        },
        {
          entite: { id: 4, nom: 'Les Amis réunis' },
          nonEchu: 0,
          j0a30: 0,
          j31a60: 5000,
          j61a90: 6000,
          plus90: 0,
          total: 11000,
        },
      ],
    }),
    [`GET ${pathTo(API.compta.dashboardMonths, {}, { annee: YEAR })}`]: reply(
      DashboardMonthsSchema,
      months(YEAR, 24000),
    ),
    [`GET ${pathTo(API.compta.dashboardMonths, {}, { annee: YEAR - 1 })}`]: reply(
      DashboardMonthsSchema,
      months(YEAR - 1, 6000),
    ),
    [`GET ${API.compta.dashboardCards}`]: reply(DashboardCardsSchema, {
      mois: [
        { mois: '2025-12', solde: 5300, credits: 300, debits: 0 },
        { mois: '2026-01', solde: 6800, credits: 1500, debits: 0 },
      ],
    }),
    [`GET ${API.compta.dashboardDue}`]: reply(DashboardDueSchema, {
      date: '2026-11-23',
      appel: { annee: 2026, tranche: 'A', libelle: '1er tiers', appelees: 0, entites: 2 },
      relances: [
        { niveau: 1, factures: 1, montant: 3500 },
        { niveau: 2, factures: 1, montant: 6000 },
      ],
    }),
  });
}

const spaced = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('Tableau de bord comptable', { timeout: 90_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens « Comptabilité » on the dashboard, each chart titled, described and with its figures', async () => {
    signInAs(['USER', 'COMPTA_LECTURE']);
    mockDashboard();
    renderApp('/app/compta');
    expect(
      await screen.findByRole('heading', { name: 'Tableau de bord comptable' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const owed = await screen.findByRole('region', { name: 'Ce que doit chaque loge' });
    expect(spaced(owed.textContent)).toContain(
      '2 loges doivent 265,00 € en tout ; La Concorde le plus (155,00 €).',
    );
    await userEvent.click(within(owed).getByRole('button', { name: 'Voir les chiffres' }));
    const rows = within(within(owed).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => spaced(r.textContent))).toEqual([
      'Loge ou associationEn retardPas encore échu',
      'La Concorde95,00 €60,00 €',
      'Les Amis réunis110,00 €0,00 €',
    ]);
    expect(within(owed).getByRole('link', { name: 'La Concorde' })).toHaveAttribute(
      'href',
      '/app/compta/commandes?entite=3',
    );

    const ages = screen.getByRole('region', { name: 'Créances échues par ancienneté' });
    expect(spaced(ages.textContent)).toContain(
      '205,00 € échus et non réglés, dont 35,00 € depuis plus de 90 jours.',
    );
    await userEvent.click(within(ages).getByRole('button', { name: 'Voir les chiffres' }));
    expect(
      within(ages)
        .getAllByRole('row')
        .map((r) => spaced(r.textContent)),
    ).toEqual([
      'RetardLes Amis réunisLa Concorde',
      '0 à 30 jours0,00 €60,00 €',
      '31 à 60 jours50,00 €0,00 €',
      '61 à 90 jours60,00 €0,00 €',
      'Plus de 90 jours0,00 €35,00 €',
    ]);

    const due = screen.getByRole('region', { name: 'Relances à envoyer' });
    expect(spaced(due.textContent)).toContain('2 factures à relancer aujourd’hui, pour 95,00 €.');
    expect(screen.getByText(/1er tiers 2026-2027 : 0 loge appelée sur 2/)).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'Soldes prépayés des cartes Union' });
    expect(spaced(cards.textContent)).toContain('Fin janvier 2026, 68,00 € restent sur les cartes');
  });

  it('shows the year asked for beside the year before', async () => {
    signInAs(['USER', 'COMPTA_LECTURE']);
    const calls = mockDashboard();
    renderApp('/app/compta/tableau-de-bord');
    const title = `Facturé et encaissé par mois, ${YEAR} et ${YEAR - 1}`;
    const panel = await screen.findByRole('region', { name: title });
    expect(spaced(panel.textContent)).toContain(`En ${YEAR}, 240,00 € facturés et 10,00 € encaissés`);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Exercice' }), String(YEAR - 1));
    const before = await screen.findByRole('region', {
      name: `Facturé et encaissé par mois, ${YEAR - 1} et ${YEAR - 2}`,
    });
    expect(spaced(before.textContent)).toContain(`En ${YEAR - 1}, 60,00 € facturés`);
    expect(calls.filter((c) => c.path.startsWith(API.compta.dashboardMonths)).map((c) => c.path)).toEqual([
      pathTo(API.compta.dashboardMonths, {}, { annee: YEAR }),
      pathTo(API.compta.dashboardMonths, {}, { annee: YEAR - 1 }),
    ]);
  });
});
