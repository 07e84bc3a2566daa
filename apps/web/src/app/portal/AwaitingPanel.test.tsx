import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalSummarySchema, type PortalSummary } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, renderApp, reply, signInAs } from '../../../test/utils';

const EMPTY: PortalSummary = {
  seances: [],
  repas: [],
  carte: null,
  documents: { depuis: null, total: 0, nouveaux: [], lien: '/app/doc' },
  aTraiter: [],
};

const FULL: PortalSummary = {
  seances: [
    {
      id: 4,
      date: '2026-03-05',
      debut: '19:00',
      fin: '21:00',
      libelle: 'Tenue au 1er degré',
      entite: 'Les Chevaliers du Rhône',
      salle: 'Temple Hiram',
      lien: '/app/reservations?date=2026-03-05',
    },
  ],
  repas: [
    {
      id: 8,
      date: '2026-03-06',
      type: 'M',
      titre: 'Pot-au-feu',
      limite: '2026-03-06T10:00',
      commandable: true,
      commande: false,
      lien: '/app/restauration?date=2026-03-06',
    },
    {
      id: 9,
      date: '2026-03-07',
      type: 'S',
      titre: 'Agapes',
      limite: '2026-03-07T10:00',
      commandable: true,
      commande: true,
      lien: '/app/restauration?date=2026-03-07',
    },
  ],
  carte: { solde: 1250, lien: '/app/account/payments' },
  documents: {
    depuis: '2026-03-01T18:00:00.000Z',
    total: 3,
    nouveaux: [
      {
        id: 21,
        titre: 'Convocation de mars',
        type: 'V',
        entite: 'Les Chevaliers du Rhône',
        date: '2026-03-02',
        lien: '/app/doc/21',
      },
    ],
    lien: '/app/doc',
  },
  aTraiter: [
    { nature: 'DEMANDES', nombre: 2, montant: null, entite: null, lien: '/app/reservations/demandes' },
    {
      nature: 'FACTURES',
      nombre: 1,
      montant: 35000,
      entite: 'Les Chevaliers du Rhône',
      lien: '/app/loge?entite=3&onglet=compte',
    },
    {
      nature: 'MEMBRES',
      nombre: 2,
      montant: null,
      entite: 'Les Chevaliers du Rhône',
      lien: '/app/loge?entite=3&onglet=membres',
    },
  ],
};

const part = (name: string) => within(screen.getByRole('region', { name }));

describe('the portal’s « Ce qui vous attend »', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each line with the link to its action', async () => {
    signInAs(['USER', 'PLANNING', 'RESTAURATION', 'PAYMENT', 'DOCUMENTS_LECTURE', 'LOGE']);
    mockApi({ 'GET /api/portail': reply(PortalSummarySchema, FULL) });
    renderApp('/app/portail');
    await screen.findByRole('heading', { name: 'Ce qui vous attend' });

    const tasks = part('À traiter');
    expect(tasks.getByRole('link', { name: '2 demandes de réservation à traiter' })).toHaveAttribute(
      'href',
      '/app/reservations/demandes',
    );
    expect(
      tasks.getByRole('link', { name: /Les Chevaliers du Rhône : 1 facture à régler \(350,00\s€\)/ }),
    ).toHaveAttribute('href', '/app/loge?entite=3&onglet=compte');
    expect(
      tasks.getByRole('link', {
        name: 'Les Chevaliers du Rhône : 2 membres n’ont pas encore choisi de mot de passe',
      }),
    ).toHaveAttribute('href', '/app/loge?entite=3&onglet=membres');

    expect(
      part('Vos prochaines tenues').getByRole('link', {
        name: 'Jeudi 5 mars 2026, 19:00–21:00 : Tenue au 1er degré (Temple Hiram)',
      }),
    ).toHaveAttribute('href', '/app/reservations?date=2026-03-05');

    const meals = part('Repas à venir');
    expect(
      meals.getByRole('link', { name: 'Commander : Vendredi 6 mars 2026 – Agapes du midi : Pot-au-feu' }),
    ).toHaveAttribute('href', '/app/restauration?date=2026-03-06');
    expect(meals.getByText('Commande possible jusqu’au 06/03/2026 à 10:00.')).toBeInTheDocument();
    expect(
      meals.getByRole('link', { name: 'Voir ma commande : Samedi 7 mars 2026 – Agapes du soir : Agapes' }),
    ).toHaveAttribute('href', '/app/restauration?date=2026-03-07');

    const card = part('Ma carte Union');
    expect(card.getByText(/12,50/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Recharger' })).toHaveAttribute('href', '/app/account/payments');

    const docs = part('Nouveaux documents depuis votre dernière visite');
    expect(docs.getByRole('link', { name: 'Convocation de mars' })).toHaveAttribute('href', '/app/doc/21');
    expect(docs.getByRole('link', { name: 'Et 2 autres : voir les documents' })).toHaveAttribute(
      'href',
      '/app/doc',
    );
    // The menu's entries stay, below.
    expect(screen.getByRole('heading', { name: 'Tous les services' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Modules' })).toBeInTheDocument();
  });

  it('follows a line to its screen with the keyboard', async () => {
    signInAs(['USER', 'PAYMENT']);
    mockApi({ 'GET /api/portail': reply(PortalSummarySchema, { ...EMPTY, carte: FULL.carte }) });
    renderApp('/app/portail');
    const recharge = await screen.findByRole('link', { name: 'Recharger' });
    recharge.focus();
    await userEvent.keyboard('{Enter}');
    // The card page's own title (h2): the portal's part of the same name (h3) is there until it leaves.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ma carte Union' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Recharger' })).toBeNull();
  });

  it('says in French that nothing awaits, and hides the parts that are empty', async () => {
    signInAs(['USER']);
    mockApi({ 'GET /api/portail': reply(PortalSummarySchema, EMPTY) });
    renderApp('/app/portail');
    expect(await screen.findByText('Rien ne vous attend pour le moment.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'À traiter' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Ma carte Union' })).toBeNull();
  });

  it('keeps the menu, without an error, when the summary cannot be read', async () => {
    signInAs(['USER', 'RESTAURATION']);
    mockApi({ 'GET /api/portail': failure(500) });
    renderApp('/app/portail');
    expect(await screen.findByRole('heading', { name: 'Tous les services' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Rien ne vous attend pour le moment.')).toBeNull();
  });
});
