import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EntitySummaryListSchema,
  LodgeDashboardSchema,
  LodgeAccountSchema,
  type EntitySummary,
  type LodgeDashboard,
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

const DASHBOARD: LodgeDashboard = {
  entite: { id: 1, code: 'CHEV-RHONE', nom: 'Les Chevaliers du Rhône' },
  date: '2026-11-23',
  compte: {
    du: 12000,
    credit: 2000,
    solde: 10000,
    prochaineEcheance: { date: '2026-11-01', numeroFacture: 'FA-2026-0012', reste: 6000, enRetard: true },
  },
  carteLoge: 12500,
  cartesMembres: { total: 6500, porteurs: 3, membres: 5 },
  seances: [
    {
      id: 7,
      jour: '2026-11-23',
      debut: 1140,
      fin: 1260,
      libelle: 'Tenue au 1er degré',
      salle: 'Temple Hiram',
      etat: 'CR',
      agapes: { idRepas: 3, titre: 'Agapes', commandes: 2, couverts: 4, places: 40 },
    },
    {
      id: 8,
      jour: '2026-11-30',
      debut: 1140,
      fin: 1260,
      libelle: 'Tenue',
      salle: 'Temple Hiram',
      etat: 'DC',
      agapes: null,
    },
  ],
};

const spaced = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('the lodge’s dashboard', { timeout: 90_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens Gestion Loge on the dashboard: the account, the cards and the sessions with their agapes', async () => {
    signInAs(['USER', 'LOGE']);
    mockApi({
      'GET /api/user/entites/gestion': reply(EntitySummaryListSchema, [LODGE]),
      'GET /api/user/entites/carte_loge': reply(EntitySummaryListSchema, []),
      'GET /api/loge/1/tableau-de-bord': reply(LodgeDashboardSchema, DASHBOARD),
      'GET /api/loge/1/compte': reply(LodgeAccountSchema, {
        entite: DASHBOARD.entite,
        du: 12000,
        echu: 6000,
        credit: 2000,
        solde: 10000,
        avoirs: [],
        documents: [],
        paiements: [],
        relances: [],
      }),
    });
    renderApp('/app/loge');
    expect(await screen.findByRole('tab', { name: 'Tableau de bord', selected: true })).toBeInTheDocument();
    const balance = await screen.findByRole('region', { name: 'Solde du compte avec l’Union' });
    expect(spaced(balance.textContent)).toContain('100,00 €À régler (avoir disponible : 20,00 €).');
    expect(screen.getByRole('button', { name: 'Exporter (Excel)' })).toBeInTheDocument();
    const due = screen.getByRole('region', { name: 'Prochaine échéance' });
    expect(spaced(due.textContent)).toContain(
      '01/11/2026En retard : facture FA-2026-0012, 60,00 € restant dus.',
    );
    expect(spaced(screen.getByRole('region', { name: 'Carte de la loge' }).textContent)).toContain(
      '125,00 €',
    );
    expect(spaced(screen.getByRole('region', { name: 'Cartes des membres' }).textContent)).toContain(
      '65,00 €3 cartes pour 5 membres aujourd’hui.',
    );
    const sessions = screen.getByRole('region', { name: 'Prochaines tenues et leurs agapes' });
    expect(spaced(sessions.textContent)).toContain(
      '2 tenues à venir, dont 1 avec des agapes ; 4 couverts commandés en tout.',
    );
    await userEvent.click(within(sessions).getByRole('button', { name: 'Voir les chiffres' }));
    expect(
      within(within(sessions).getByRole('table'))
        .getAllByRole('row')
        .map((r) => spaced(r.textContent)),
    ).toEqual(['TenueCouvertsCommandes', 'lun. 23 nov., 19:0042', 'lun. 30 nov., 19:0000']);
    const list = screen.getByRole('region', { name: 'Tenues à venir' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => spaced(li.textContent)),
    ).toEqual([
      'lun. 23 nov., 19:00–21:00 · Tenue au 1er degré · Temple Hiram · confirmée · agapes : 4 couverts sur 40',
      'lun. 30 nov., 19:00–21:00 · Tenue · Temple Hiram · demandée',
    ]);
    await userEvent.click(within(balance).getByRole('button', { name: 'Voir le compte' }));
    expect(
      await screen.findByRole('tab', { name: 'Compte avec l’Union', selected: true }),
    ).toBeInTheDocument();
  });
});
