/**
 * The meal card as the restaurant manager sees it (issue 21): the bar's header splits what is paid from
 * what is offered as the recap does, and the card's questions name what their button does.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  API,
  MealOrderListSchema,
  MealOrderSchema,
  MealWeekSchema,
  pathTo,
  type Meal,
  type MealOrder,
  type MealWeek,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noContent, renderApp, reply, signInAs } from '../../../../test/utils';

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
  plats: [{ id: 11, type: 'M', libelle: 'Menu du jour', prix: 1800 }],
  mesCommandes: [],
  bar: { commandes: 3, montant: 2100, offertes: 1, offert: 1800 },
  actions: ['EDIT', 'DELETE', 'RECAP'],
};

const week = (repas: Meal[]): MealWeek => ({
  debut: '2099-03-02',
  fin: '2099-03-08',
  repas,
  gestion: true,
  entites: [],
});

const SEARCH = `GET ${pathTo(API.restaurant.search, { date: '2099-03-02' })}`;
const NAME = '«\u00a0Blanquette de veau\u00a0», agapes du midi du mardi 3 mars 2099';
/** Amounts are written with a narrow or plain no-break space before the euro sign. */
const euros = (amount: string) => amount.replace(/ /g, '\\s');

describe('the bar header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the offered orders apart from the total, as the recap does', async () => {
    signInAs(['USER', 'MENUS']);
    mockApi({ [SEARCH]: reply(MealWeekSchema, week([MEAL])) });
    renderApp('/app/restauration?date=2099-03-03');
    const opener = await screen.findByRole('button', { name: /^Commandes \(3\)/ });
    expect(opener.textContent).toMatch(
      new RegExp(
        `^Commandes \\(3\\) · total payant 21,00${euros(' €')} · offert 18,00${euros(' €')} \\(1 commande\\)$`,
      ),
    );
  });

  it('says nothing of offered orders when there are none', async () => {
    signInAs(['USER', 'MENUS']);
    mockApi({
      [SEARCH]: reply(
        MealWeekSchema,
        week([{ ...MEAL, bar: { commandes: 2, montant: 3600, offertes: 0, offert: 0 } }]),
      ),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const opener = await screen.findByRole('button', { name: /^Commandes \(2\)/ });
    expect(opener.textContent).toMatch(new RegExp(`^Commandes \\(2\\) · total payant 36,00${euros(' €')}$`));
  });
});

describe('the meal card’s questions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('« Supprimer le repas » asks with a button saying so (never « Ok »), and Annuler gives the focus back', async () => {
    signInAs(['USER', 'MENUS']);
    const calls = mockApi({
      [SEARCH]: reply(MealWeekSchema, week([MEAL])),
      [`DELETE ${pathTo(API.restaurant.meal, { id: 4 })}`]: noContent(),
    });
    renderApp('/app/restauration?date=2099-03-03');
    const remove = await screen.findByRole('button', { name: `Supprimer le repas ${NAME}` });
    remove.focus();
    fireEvent.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Supprimer le repas' });
    // toHaveTextContent reads no-break spaces as spaces.
    expect(dialog).toHaveTextContent(
      `Supprimer le repas ${NAME.replace(/\u00a0/g, ' ')} et ses commandes non payées ?`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Supprimer le repas' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le repas' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});

describe('the bar’s « Annuler le paiement »', () => {
  afterEach(() => vi.unstubAllGlobals());

  const PAID: MealOrder = {
    id: 31,
    idRepas: 4,
    date: '2099-03-03',
    repas: 'Blanquette de veau',
    personne: { id: 7, nom: 'Membre', prenom: 'Marie' },
    idEntite: null,
    entite: null,
    invites: 0,
    lignes: [{ idPlat: 11, libelle: 'Menu du jour', type: 'M', quantite: 1, prixUnitaire: 1800 }],
    montant: 1800,
    etat: 'P',
    moyen: 'C',
    commentaire: null,
    dateRefus: null,
    soldeCarte: 0,
    actions: ['UNDO_PAYMENT'],
  };

  it('asks first, says the card is re-credited, and sends nothing on « Ne rien changer »', async () => {
    signInAs(['USER', 'MENUS']);
    const calls = mockApi({
      [SEARCH]: reply(
        MealWeekSchema,
        week([{ ...MEAL, bar: { commandes: 1, montant: 1800, offertes: 0, offert: 0 } }]),
      ),
      [`GET ${pathTo(API.restaurant.mealOrders, { id: 4 })}`]: reply(MealOrderListSchema, [PAID]),
      [`DELETE ${pathTo(API.restaurant.payment, { id: 4, commandeId: 31 })}`]: reply(MealOrderSchema, {
        ...PAID,
        etat: 'C',
        moyen: null,
        actions: ['PAY'],
      }),
    });
    renderApp('/app/restauration?date=2099-03-03');
    fireEvent.click(await screen.findByRole('button', { name: /^Commandes \(1\)/ }));
    const button = await screen.findByRole('button', { name: 'Annuler le paiement de Marie Membre' });
    button.focus();
    fireEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Annuler le paiement' });
    expect(dialog).toHaveTextContent(
      /Annuler le paiement de la commande de Marie Membre \(18,00\s€ – Par carte Union\) \? Elle redevient à encaisser et la carte débitée est recréditée\./,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ne rien changer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);

    fireEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Annuler le paiement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le paiement' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
        `DELETE ${pathTo(API.restaurant.payment, { id: 4, commandeId: 31 })}`,
      ]),
    );
  });
});
