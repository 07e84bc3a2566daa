import { fireEvent, screen, within } from '@testing-library/react';
import {
  type Meal,
  MealNotificationResultSchema,
  type MealOrder,
  MealOrderListSchema,
  MealOrderSchema,
  MealSchema,
  type MealSession,
  MealSessionListSchema,
  type MealWeek,
  MealWeekSchema,
  type MyCard,
  MyCardSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const ORDER: MealOrder = {
  id: 31,
  idRepas: 4,
  date: '2099-03-03',
  repas: 'Blanquette de veau',
  personne: { id: 7, nom: 'Membre', prenom: 'Marie' },
  idEntite: null,
  entite: null,
  invites: 1,
  lignes: [{ idPlat: 11, libelle: 'Menu du jour', type: 'M', quantite: 2, prixUnitaire: 1800 }],
  montant: 3600,
  etat: 'C',
  moyen: null,
  commentaire: null,
  dateRefus: null,
  soldeCarte: 5000,
  actions: ['EDIT', 'DELETE', 'PAY_CARD'],
};

/** How buttons and dialogs name the meal below. */
const NAME = '«\u00a0Blanquette de veau\u00a0», agapes du midi du mardi 3 mars 2099';

const MEAL: Meal = {
  id: 4,
  date: '2099-03-03',
  type: 'M',
  titre: 'Blanquette de veau',
  places: 40,
  placesRestantes: 12,
  limite: '2099-03-03T10:00',
  ouvert: true,
  commandable: true,
  notifie: false,
  agapes: null,
  mesAgapes: false,
  plats: [
    { id: 11, type: 'M', libelle: 'Menu du jour', prix: 1800 },
    { id: 12, type: 'C', libelle: 'Café', prix: 150 },
  ],
  mesCommandes: [],
  bar: null,
  actions: ['ORDER'],
};

const week = (repas: Meal[], gestion = false): MealWeek => ({
  debut: '2099-03-02',
  fin: '2099-03-08',
  repas,
  gestion,
  entites: [],
});

describe('Restauration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the meal, its dishes and prices, seats left and the deadline; orders with the total', async () => {
    signInAs(['USER', 'RESTAURATION', 'PAYMENT']);
    const calls = mockApi({
      'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([MEAL])),
      'POST /api/repas/4/commande': reply(MealOrderSchema, ORDER, { status: 201 }),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const card = await screen.findByRole('article', { name: 'Blanquette de veau' });
    expect(within(card).getByText('12 places restantes')).toBeInTheDocument();
    expect(within(card).getByText('Commandes jusqu’au 03/03 à 10:00')).toBeInTheDocument();
    expect(within(card).getByText(/18,00/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Notifier/ })).not.toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: `Commander ${NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: `Commander ${NAME}` });
    fireEvent.change(within(dialog).getByLabelText(/Menu du jour/), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/Invités/), { target: { value: '1' } });
    expect(within(dialog).getByText(/Total : 36,00/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Commander' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = JSON.parse(calls.find((c) => c.method === 'POST')!.body!);
    expect(sent).toEqual({
      idEntite: null,
      invites: 1,
      lignes: [{ idPlat: 11, quantite: 2 }],
      commentaire: null,
    });
    // A whole form filled in jsdom: slow on a loaded machine.
  }, 20_000);

  it('a guest is a person: one menu for two asks before sending, and « Passer à 2 × » sends two', async () => {
    signInAs(['USER', 'RESTAURATION', 'PAYMENT']);
    const calls = mockApi({
      'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([MEAL])),
      'POST /api/repas/4/commande': reply(MealOrderSchema, ORDER, { status: 201 }),
    });
    renderApp('/app/restauration?date=2099-03-03');
    fireEvent.click(await screen.findByRole('button', { name: `Commander ${NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: `Commander ${NAME}` });
    fireEvent.change(within(dialog).getByLabelText(/Menu du jour/), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText(/Invités/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Commander' }));
    const question = await within(dialog).findByRole('alert');
    expect(question).toHaveTextContent('Vous êtes 2 personnes (vous et 1 invité) pour 1 menu.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: 'Passer à 2 × Menu du jour' }));
    expect(within(dialog).getByText(/Total : 36,00/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Commander' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toMatchObject({
      invites: 1,
      lignes: [{ idPlat: 11, quantite: 2 }],
    });
  }, 20_000);

  it('a closed meal says « Commandes closes » and offers no order; my order shows exactly its buttons', async () => {
    signInAs(['USER', 'RESTAURATION', 'PAYMENT']);
    const closed: Meal = {
      ...MEAL,
      commandable: false,
      placesRestantes: 0,
      actions: [],
      mesCommandes: [ORDER],
    };
    mockApi({ 'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([closed])) });
    renderApp('/app/restauration?date=2099-03-03');
    const card = await screen.findByRole('article', { name: 'Blanquette de veau' });
    expect(within(card).getByText('Commandes closes')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Commander/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Payer avec ma carte' })).toBeInTheDocument();
    expect(within(card).getByText('Créée')).toBeInTheDocument();
  });

  it('MENUS see the orders with the card balance and the bar buttons', async () => {
    signInAs(['USER', 'MENUS']);
    const managed: Meal = {
      ...MEAL,
      actions: ['EDIT', 'DELETE', 'NOTIFY', 'RECAP'],
      bar: { commandes: 1, montant: 5000, offertes: 0, offert: 0 },
    };
    const calls = mockApi({
      'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([managed], true)),
      'GET /api/repas/4/commandes': reply(MealOrderListSchema, [
        {
          ...ORDER,
          commentaire: 'Allergie sévère aux fruits à coque',
          actions: ['EDIT', 'DELETE', 'PAY', 'REFUSE'],
        },
      ]),
    });
    renderApp('/app/restauration?date=2099-03-03');
    // The week shows the count; the orders are asked only when the manager opens the meal's bar.
    const opener = await screen.findByRole('button', { name: /Commandes \(1\)/ });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(calls.some((c) => c.path === '/api/repas/4/commandes')).toBe(false);
    fireEvent.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'Commandes du repas Blanquette de veau' });
    expect(within(table).getByText('Marie Membre')).toBeInTheDocument();
    // The kitchen's view beside the orders: the quantity of each dish and the remarks, highlighted.
    expect(within(table).getByText('Remarque : Allergie sévère aux fruits à coque')).toBeInTheDocument();
    const dishes = screen.getByRole('region', { name: 'Plats à préparer' });
    expect(dishes).toHaveTextContent('2 × Menu du jour');
    expect(dishes).toHaveTextContent('0 × Café');
    expect(dishes).toHaveTextContent('2 couverts : 1 commande et 1 invité');
    expect(screen.getByRole('region', { name: 'Remarques pour la cuisine (1)' })).toHaveTextContent(
      'Marie Membre : Allergie sévère aux fruits à coque',
    );
    expect(within(table).getByText(/50,00/)).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Encaisser la commande de Marie Membre' }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Refuser le paiement de Marie Membre' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau repas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Notifier le menu de ${NAME}` })).toBeInTheDocument();
  });

  it('« Notifier » says how many people the menu reaches before sending it, and counts what was sent', async () => {
    signInAs(['USER', 'MENUS']);
    const managed: Meal = { ...MEAL, actions: ['EDIT', 'DELETE', 'NOTIFY', 'RECAP'] };
    const calls = mockApi({
      'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([managed], true)),
      'GET /api/repas/4/notifier': reply(MealNotificationResultSchema, { destinataires: 21 }),
      'POST /api/repas/4/notifier': reply(MealNotificationResultSchema, { destinataires: 21 }),
    });
    renderApp('/app/restauration?date=2099-03-03');
    fireEvent.click(await screen.findByRole('button', { name: `Notifier le menu de ${NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifier le menu' });
    expect(dialog).toHaveTextContent('Il part à 21 personnes.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer 21 e-mails' }));
    expect(await screen.findByText("21 e-mails en file d'envoi.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/repas/4/notifier']);
  });
});

describe('a card-read balance (issue 17)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a member paying with their card never sends a balance', async () => {
    signInAs(['USER', 'RESTAURATION', 'PAYMENT']);
    const calls = mockApi({
      'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([{ ...MEAL, mesCommandes: [ORDER] }])),
      'POST /api/repas/4/commande/31/payer/C': reply(MealOrderSchema, {
        ...ORDER,
        etat: 'P',
        moyen: 'C',
        actions: [],
      }),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const card = await screen.findByRole('article', { name: 'Blanquette de veau' });
    fireEvent.click(within(card).getByRole('button', { name: 'Payer avec ma carte' }));
    // Asked first (issue 21): the dialog names the amount.
    fireEvent.click(await screen.findByRole('button', { name: /^Payer \d/ }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/repas/4/commande/31/payer/C',
    ]);
  });

  const atTheBar = (): Meal => ({
    ...MEAL,
    actions: ['EDIT', 'DELETE', 'NOTIFY', 'RECAP'],
    bar: { commandes: 1, montant: 5000, offertes: 0, offert: 0 },
  });
  const barOrders = reply(MealOrderListSchema, [{ ...ORDER, actions: ['EDIT', 'DELETE', 'PAY', 'REFUSE'] }]);

  async function openCardPayment() {
    fireEvent.click(await screen.findByRole('button', { name: /Commandes \(1\)/ }));
    const table = await screen.findByRole('table', { name: 'Commandes du repas Blanquette de veau' });
    fireEvent.click(within(table).getByRole('button', { name: 'Encaisser la commande de Marie Membre' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Par carte Union' }));
    return screen.findByRole('dialog', { name: 'Encaisser – Par carte Union' });
  }

  it('the bar asks a motif when the balance read differs from the ledger by more than 500 €, then sends both', async () => {
    signInAs(['USER', 'MENUS']);
    const calls = mockApi({
      'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([atTheBar()], true)),
      'GET /api/repas/4/commandes': barOrders,
      'POST /api/repas/4/commande/31/payer/C?solde=60000&motif=Carte+cr%C3%A9dit%C3%A9e+%C3%A0+la+caisse':
        reply(MealOrderSchema, { ...ORDER, etat: 'P', moyen: 'C', actions: [] }),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const dialog = await openCardPayment();
    expect(within(dialog).getByText(/Solde du registre : 50,00/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Motif/)).not.toBeInTheDocument();
    // 600 € read, 50 € in the ledger: a 550 € adjustment.
    fireEvent.change(within(dialog).getByLabelText(/Solde lu sur la carte/), { target: { value: '600' } });
    expect(within(dialog).getByText(/Ajustement : \+550,00/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /Encaisser 36,00/ }));
    expect(
      await within(dialog).findByText('Motif : un ajustement de plus de 500,00 € demande un motif.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Motif/), {
      target: { value: 'Carte créditée à la caisse' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Encaisser 36,00/ }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.path).toBe(
      '/api/repas/4/commande/31/payer/C?solde=60000&motif=Carte+cr%C3%A9dit%C3%A9e+%C3%A0+la+caisse',
    );
  }, 20_000);

  it.each([
    ['a small difference without a motif', '45,50', '/api/repas/4/commande/31/payer/C?solde=4550'],
    ['no balance when none is typed', null, '/api/repas/4/commande/31/payer/C'],
  ])(
    'the bar sends %s',
    async (_, typed, path) => {
      signInAs(['USER', 'MENUS']);
      const calls = mockApi({
        'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([atTheBar()], true)),
        'GET /api/repas/4/commandes': barOrders,
        [`POST ${path}`]: reply(MealOrderSchema, { ...ORDER, etat: 'P', moyen: 'C', actions: [] }),
      });
      renderApp('/app/restauration?date=2099-03-03');
      const dialog = await openCardPayment();
      if (typed !== null) {
        fireEvent.change(within(dialog).getByLabelText(/Solde lu sur la carte/), {
          target: { value: typed },
        });
      }
      expect(within(dialog).queryByLabelText(/Motif/)).not.toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: /Encaisser 36,00/ }));
      await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([path]);
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    20_000,
  );
});

const SESSION: MealSession = {
  idReservation: 77,
  idEntite: 3,
  entite: 'Les Chevaliers du Rhône',
  type: 'TC',
  libelle: 'Tenue régulière',
  debut: '19:30',
  fin: '23:00',
  salle: 'Temple Hiram',
};

describe('Agapes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the week shows whose agapes a meal is, and « Agapes de votre loge » for the lodge', async () => {
    signInAs(['USER', 'RESTAURATION']);
    const agapes: Meal = { ...MEAL, id: 5, titre: 'Agapes des Chevaliers', agapes: SESSION, mesAgapes: true };
    const other: Meal = {
      ...MEAL,
      id: 6,
      titre: 'Agapes de Tolérance',
      agapes: { ...SESSION, entite: 'Tolérance et Progrès' },
    };
    mockApi({ 'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([agapes, MEAL, other])) });
    renderApp('/app/restauration?date=2099-03-03');
    const mine = await screen.findByRole('article', { name: 'Agapes des Chevaliers' });
    expect(within(mine).getByText('Agapes de votre loge')).toBeInTheDocument();
    expect(
      within(mine).getByText('Agapes des Chevaliers du Rhône – Tenue régulière, 19:30 (Temple Hiram)'),
    ).toBeInTheDocument();
    // The order the server sends (the lodge's agapes first) is the order shown.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'repas-5',
      'repas-4',
      'repas-6',
    ]);
    const theirs = screen.getByRole('article', { name: 'Agapes de Tolérance' });
    expect(within(theirs).queryByText('Agapes de votre loge')).not.toBeInTheDocument();
    expect(within(theirs).getByText(/Agapes de Tolérance et Progrès/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Blanquette de veau' })).queryByText(/Agapes de/),
    ).toBeNull();
  });

  it('MENUS tie a meal to a session of its day in the meal editor; the PUT carries it', async () => {
    signInAs(['USER', 'MENUS']);
    const managed: Meal = { ...MEAL, actions: ['EDIT', 'DELETE', 'NOTIFY', 'RECAP'] };
    const calls = mockApi({
      'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([managed], true)),
      'GET /api/repas/seances/2099-03-03': reply(MealSessionListSchema, [SESSION]),
      'PUT /api/repas': reply(MealSchema, { ...managed, agapes: SESSION }),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const card = await screen.findByRole('article', { name: 'Blanquette de veau' });
    fireEvent.click(within(card).getByRole('button', { name: /^Modifier le repas/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le repas' });
    const select = within(dialog).getByLabelText(/Agapes de la tenue/);
    await vi.waitFor(() => expect(select).toBeEnabled());
    expect(
      within(dialog).getByRole('option', {
        name: '19:30 – Les Chevaliers du Rhône : Tenue régulière (Temple Hiram)',
      }),
    ).toBeInTheDocument();
    fireEvent.change(select, { target: { value: '77' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toMatchObject({
      id: 4,
      date: '2099-03-03',
      idReservation: 77,
    });
  }, 20_000);

  it('another day offers its own sessions: a session of the former day is not sent', async () => {
    signInAs(['USER', 'MENUS']);
    const managed: Meal = { ...MEAL, agapes: SESSION, actions: ['EDIT', 'DELETE', 'NOTIFY', 'RECAP'] };
    const calls = mockApi({
      'GET /api/repas/search/2099-03-02': reply(MealWeekSchema, week([managed], true)),
      'GET /api/repas/seances/2099-03-03': reply(MealSessionListSchema, [SESSION]),
      'GET /api/repas/seances/2099-03-04': reply(MealSessionListSchema, []),
      'PUT /api/repas': reply(MealSchema, managed),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const card = await screen.findByRole('article', { name: 'Blanquette de veau' });
    fireEvent.click(within(card).getByRole('button', { name: /^Modifier le repas/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le repas' });
    await vi.waitFor(() => expect(within(dialog).getByLabelText(/Agapes de la tenue/)).toHaveValue('77'));
    // The forms' one date field: its calendar opens on the meal's month.
    fireEvent.click(within(dialog).getByRole('button', { name: /^Date/ }));
    fireEvent.click(await screen.findByRole('button', { name: '4 mars 2099', hidden: true }));
    expect(await within(dialog).findByText('Aucune tenue confirmée ce jour-là.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toMatchObject({ idReservation: null });
  }, 20_000);
});

describe('Ma carte Union', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the balance, the movements, and the state of the top-up on return from the provider', async () => {
    signInAs(['USER', 'PAYMENT']);
    const card: MyCard = {
      solde: 1200,
      mouvements: [
        {
          id: 3,
          date: '2099-03-03T12:00:00Z',
          type: 'J',
          montant: 60000,
          libelle:
            'Ajustement : solde lu sur la carte 612,00 €, registre 12,00 € – motif : Carte créditée à la caisse',
          auteur: { id: 9, nom: 'Cuisine', prenom: 'Jean' },
        },
        {
          id: 2,
          date: '2099-03-03T11:00:00Z',
          type: 'P',
          montant: -1800,
          libelle: 'Repas du 3 mars',
          auteur: { id: 7, nom: 'Membre', prenom: 'Marie' },
        },
      ],
      rechargements: [
        {
          id: 9,
          date: '2099-03-01T11:00:00Z',
          montant: 3000,
          etat: 'P',
          personne: { id: 7, nom: 'Membre', prenom: 'Marie' },
          transId: '000001',
          actions: [],
        },
      ],
    };
    mockApi({ 'GET /api/user/payments': reply(MyCardSchema, card) });
    renderApp('/app/account/payments?rechargement=9');
    expect(await screen.findByTestId('solde-carte')).toHaveTextContent(/12,00/);
    expect(screen.getByText(/Rechargement de 30,00.*à valider/)).toBeInTheDocument();
    expect(screen.getByText('Repas du 3 mars')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Recharger ma carte de 30,00/ })).toBeEnabled();
    // Each movement says who wrote it: the staff member's adjustment, with its reason, is theirs.
    const table = screen.getByRole('table', { name: 'Mouvements de la carte' });
    expect(within(table).getByRole('columnheader', { name: 'Par' })).toBeInTheDocument();
    const adjustment = within(table)
      .getByText(/motif : Carte créditée à la caisse/)
      .closest('tr')!;
    expect(within(adjustment).getByText('Jean Cuisine')).toBeInTheDocument();
    expect(within(adjustment).getByText('Ajustement')).toBeInTheDocument();
  });
});
